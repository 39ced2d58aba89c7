import { useEffect, useRef, useState, type ReactNode } from 'react';
import { WHEEL } from '../../../contract/constants';
import { useFontsVersion } from '../lobby/cardArt';
import { sliceAngle, wheelSize } from './wheelPhysics';
import { WheelScene, type SceneSlice, type SpinReport } from './wheelScene';
import type { WheelSounds } from './wheelSounds';

/** The won slice's index; each spin brings a new object, so the same slice twice still spins twice. */
export interface WheelTarget {
  index: number;
}

interface WheelCanvasProps {
  slices: SceneSlice[];
  target: WheelTarget | null;
  reducedMotion: boolean;
  sounds: WheelSounds;
  onSettled: (report: SpinReport) => void;
  /** The centre button, laid over the canvas. */
  children: ReactNode;
}


/** The wheel's rest rotation with slice `index` under the pointer (its middle). */
const restOn = (index: number, count: number) => -(index + 0.5) * sliceAngle(count);

/**
 * The spin wheel on a Pixi canvas (loaded on demand with Pixi), with the page's centre button
 * over it. A new target spins the wheel there by the physics of `wheelPhysics.ts`; reduced
 * motion puts it there at once. The size follows the window, debounced by 500 ms. The final
 * rotation and the frames drawn are written on the element (`data-rotation`, `data-frames`,
 * `data-spin-ms`) for tests and the frame-rate figure.
 */
export default function WheelCanvas({ slices, target, reducedMotion, sounds, onSettled, children }: WheelCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const scene = useRef<WheelScene | null>(null);
  const [ready, setReady] = useState(false);
  const [size, setSize] = useState(() => wheelSize(window.innerWidth));
  const [report, setReport] = useState<SpinReport | null>(null);
  const fonts = useFontsVersion(slices.map((s) => s.label).join(''));
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const wheel = new WheelScene((speed) => sounds.tick(speed));
    let live = true;
    const initialised = wheel.init(element, wheelSize(window.innerWidth)).then(() => {
      if (!live) return;
      scene.current = wheel;
      setReady(true);
    });
    return () => {
      live = false;
      scene.current = null;
      void initialised.then(() => wheel.destroy());
    };
  }, [sounds]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSize(wheelSize(window.innerWidth)), WHEEL.resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  useEffect(() => {
    if (ready) scene.current?.layout(size);
  }, [ready, size]);

  useEffect(() => {
    if (ready) scene.current?.setSlices(slices, fonts);
  }, [ready, slices, fonts]);

  useEffect(() => {
    const wheel = scene.current;
    if (!ready || !wheel || !target || target.index < 0) return;
    let live = true;
    const finish = (result: SpinReport) => {
      if (!live) return;
      setReport(result);
      settledRef.current(result);
    };
    if (reducedMotion) {
      wheel.rest(restOn(target.index, slices.length));
      finish({ frames: 1, ms: 0, rotation: wheel.rotation });
    } else {
      void wheel.spinTo(target.index).then(finish);
    }
    return () => {
      live = false;
    };
    // A spin starts when a new target arrives, not when the slices or motion setting change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, target]);

  return (
    <div
      className="wheel"
      style={{ width: size, height: size }}
      data-testid="wheel"
      data-ready={ready}
      data-rotation={report?.rotation}
      data-frames={report?.frames}
      data-spin-ms={report ? Math.round(report.ms) : undefined}
    >
      <div ref={host} className="wheel__canvas" />
      <div className="wheel__centre">{children}</div>
    </div>
  );
}
