import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import {
  chatDeliveryMachine,
  type ChatDeliveryEvent,
  type ChatDeliveryInput,
  type OutgoingChatMessage,
  type SentMessage,
  type UploadFileInput,
} from '../../../machines/chatDeliveryMachine';
import { errorCodeOf } from '../api';
import type { ChatApi } from './chatApi';

export type DeliveryActor = ActorRefFrom<typeof chatDeliveryMachine>;
export interface Delivery {
  id: string;
  actor: DeliveryActor;
  input: ChatDeliveryInput;
}

/** What a delivered message became on the server, for the list (the socket echo then replaces it). */
export interface Delivered {
  sent: SentMessage;
  message: OutgoingChatMessage;
  localFile?: Blob;
}

let serial = 0;

/**
 * The messages on their way: one chatDeliveryMachine actor each, with the upload and send of
 * the given chat API. A delivered message leaves this list through `onDelivered`; a removed
 * one simply leaves.
 */
export function useDeliveries(api: ChatApi, onDelivered: (d: Delivered) => void, onFailed: (code: string) => void) {
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const latest = useRef({ onDelivered, onFailed });
  useEffect(() => {
    latest.current = { onDelivered, onFailed };
  }, [onDelivered, onFailed]);

  const machine = useMemo(
    () => chatDeliveryMachine.provide({
      actors: {
        uploadFile: fromCallback<ChatDeliveryEvent, UploadFileInput>(({ input, sendBack }) => {
          const abort = new AbortController();
          api
            .upload(input.attachment, (ratio) => sendBack({ type: 'upload.progressed', ratio }), abort.signal)
            .then(
              (filePath) => sendBack({ type: 'upload.succeeded', filePath }),
              (error: unknown) => sendBack({ type: 'upload.failed', code: errorCodeOf(error) }),
            );
          return () => abort.abort();
        }),
        sendMessage: fromPromise<SentMessage, { message: OutgoingChatMessage }>(({ input }) => api.send(input.message)),
      },
      actions: { notifyFailed: (_, { code }) => onFailed(code) },
    }),
    [api, onFailed],
  );

  const start = useCallback((input: ChatDeliveryInput) => {
    serial += 1;
    const id = `local-${serial}`;
    const actor = createActor(machine, { input });
    actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      if (snapshot.value === 'succeed' && snapshot.context.sent) {
        const { sent, attachment, filePath, postback, text } = snapshot.context;
        const message: OutgoingChatMessage = attachment && filePath
          ? { message_type: 'media', payload: { url: false, fileType: attachment.fileType, filePath, name: attachment.fileName } }
          : postback
            ? { message_type: 'postback', payload: postback }
            : { message_type: 'text', payload: text ?? '' };
        latest.current.onDelivered({ sent, message, localFile: attachment?.file });
      }
      setDeliveries((all) => all.filter((d) => d.id !== id));
    });
    setDeliveries((all) => [...all, { id, actor, input }]);
    actor.start();
  }, [machine]);

  useEffect(() => () => deliveries.forEach((d) => d.actor.stop()), []); // eslint-disable-line react-hooks/exhaustive-deps

  return { deliveries, start };
}
