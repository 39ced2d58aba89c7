import { Application } from '@pixi/react';
import { isWebGLSupported, type Application as PixiApplication } from 'pixi.js';
import 'pixi.js/unsafe-eval';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gamesByCategory, type GameAccount } from '../../wallet/balance';
import { ChevronLeftIcon, ChevronRightIcon } from '../../wallet/moneyIcons';
import { useFontsVersion, useReducedMotion, useTextures } from './cardArt';
import { CarouselEngine } from './carouselEngine';
import { clamp, slotOf, wrapIndex } from './carouselPhysics';
import { buttonLeft, cardAmounts, LAYOUT_SPACING, lobbyLayout, VISIBLE_CARDS } from './lobbyLayout';
import { LobbyStage, type CardFace, type StageRow } from './LobbyStage';
import { CANVAS_ANTIALIAS, canvasResolution } from './canvasResolution';
import './lobby.css';

export interface LobbyProps {
  slots: readonly GameAccount[];
  /** The member's currency label ("baht"). */
  currency: string;
  /** A card was tapped, clicked or pressed with Enter. */
  onOpen: (code: string) => void;
  /** Shown instead when this browser cannot draw with WebGL. */
  fallback: ReactNode;
}

/**
 * The home's game lobby (SPEC section 2): a carousel per category (slot, sport plus casino,
 * lotto), three 300×211 cards across, drawn on one Pixi canvas. Above the canvas lies the DOM:
 * the headings and, per carousel, a list of real buttons placed over the cards they stand for,
 * so every card is reachable by Tab, the arrow keys and a screen reader. Pointer input on a row
 * goes to its headless `CarouselEngine`; the canvas only draws what the engines say.
 */
export default function Lobby(props: LobbyProps) {
  // Decided once: the canvas needs WebGL (SwiftShader counts), else the plain list stands in.
  const [webgl] = useState(() => isWebGLSupported());
  return webgl ? <LobbyCanvas {...props} /> : <>{props.fallback}</>;
}

/** The member's screen is not a game: Pixi's own accessibility overlay (and the focusable
 *  touch-hook button it adds on phones) would be a second, empty layer beside ours. */
const dropPixiAccessibilityLayer = (app: PixiApplication) => {
  (app.renderer as { accessibility?: { destroy(): void } }).accessibility?.destroy();
};

function LobbyCanvas({ slots, currency, onOpen }: LobbyProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const keysId = useId();
  const stageRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const reducedMotion = useReducedMotion();
  // @pixi/react renders the children it had when init started once init ends, over any newer
  // ones; so the cards join the stage only after init.
  const [pixiReady, setPixiReady] = useState(false);
  const onPixiInit = useCallback((app: PixiApplication) => {
    dropPixiAccessibilityLayer(app);
    // Frames are drawn on demand (LobbyStage): the ticker starts when something moves.
    app.ticker.stop();
    setPixiReady(true);
  }, []);

  const groups = useMemo(() => gamesByCategory(slots), [slots]);
  const layout = useMemo(() => lobbyLayout(width || 360, groups.length), [width, groups.length]);

  // One engine per row; a row keeps its engine (and position) while its number of cards stays.
  const counts = groups.map((g) => g.slots.length).join(',');
  const engines = useMemo(
    () =>
      counts
        .split(',')
        .filter(Boolean)
        .map((n) => new CarouselEngine({ count: Number(n), visible: VISIBLE_CARDS, pitch: 100, cardWidth: 92, width: 300, wrap: Number(n) > VISIBLE_CARDS })),
    [counts],
  );
  useLayoutEffect(() => {
    for (const engine of engines) engine.resize({ pitch: layout.pitch, cardWidth: layout.cardWidth, width: layout.width });
  }, [engines, layout]);
  useEffect(() => {
    for (const engine of engines) engine.setReducedMotion(reducedMotion);
  }, [engines, reducedMotion]);

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const observer = new ResizeObserver(() => setWidth(stage.clientWidth));
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  // Where each row rests (the DOM buttons are placed by it) and which card has the row's tab stop.
  const [rest, setRest] = useState<number[]>([]);
  const [focus, setFocus] = useState<number[]>([]);
  const openRef = useRef(onOpen);
  useLayoutEffect(() => {
    openRef.current = onOpen;
  });
  const codesRef = useRef<string[][]>([]);
  useLayoutEffect(() => {
    codesRef.current = groups.map((g) => g.slots.map((s) => s.code));
  });

  useEffect(() => {
    const stops = engines.map((engine, row) =>
      engine.subscribe((event) => {
        const set = (values: number[], value: number) => Object.assign([...values], { [row]: value });
        if (event.type === 'target' || event.type === 'settled') {
          setRest((current) => set(current, event.offset));
          if (engine.wraps) setFocus((current) => set(current, event.index));
        }
        if (event.type === 'tap') {
          setFocus((current) => set(current, event.index));
          const code = codesRef.current[row]?.[event.index];
          if (code) openRef.current(code);
        }
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [engines]);

  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusedIndex = (row: number) => focus[row] ?? engines[row]?.current ?? 0;

  const moveFocus = (row: number, index: number) => {
    const engine = engines[row];
    const count = engine.count;
    const next = engine.wraps ? wrapIndex(index, count) : clamp(index, 0, count - 1);
    setFocus((current) => Object.assign([...current], { [row]: next }));
    engine.reveal(next);
    buttons.current.get(`${row}:${next}`)?.focus();
  };

  const onCardKey = (row: number, index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: engines[row].count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    moveFocus(row, moves[event.key]);
  };

  const onCardFocus = (row: number, index: number) => () => {
    if (focusedIndex(row) !== index) setFocus((current) => Object.assign([...current], { [row]: index }));
    // A card reached by Tab or a screen reader comes into view.
    if (engines[row].current !== index) engines[row].reveal(index);
  };

  const pointer = useCallback(
    (row: number) => {
      const engine = engines[row];
      const x = (event: PointerEvent<HTMLDivElement>) => event.clientX - event.currentTarget.getBoundingClientRect().left;
      return {
        onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          engine.pointerDown(x(event), event.timeStamp);
        },
        onPointerMove: (event: PointerEvent<HTMLDivElement>) => engine.pointerMove(x(event), event.timeStamp),
        onPointerUp: (event: PointerEvent<HTMLDivElement>) => engine.pointerUp(x(event), event.timeStamp),
        onPointerCancel: () => engine.pointerCancel(),
      };
    },
    [engines],
  );

  const kindOf = (category: string) => t(`lobby.kind.${category as 'slot' | 'sport' | 'lotto'}`);
  const rows: StageRow[] = useMemo(
    () =>
      groups.map((group, r) => ({
        key: group.category,
        engine: engines[r],
        cards: group.slots.map<CardFace>((slot) => {
          const { balance, credit } = cardAmounts(slot);
          return {
            code: slot.code,
            name: slot.name,
            active: slot.isActive,
            closed: slot.closed,
            amount: balance,
            credit: slot.closed ? t('lobby.closed') : t('lobby.credit', { amount: credit }),
            prompt: t('lobby.openAccount'),
            logo: slot.logo,
            background: slot.background,
          };
        }),
      })),
    [groups, engines, t],
  );

  const art = useMemo(() => slots.flatMap((s) => [s.logo, s.background]), [slots]);
  const textures = useTextures(art);
  const fontsVersion = useFontsVersion(`${t('lobby.openAccount')} ${t('lobby.closed')} ${t('lobby.credit', { amount: '0123456789.,' })}`);

  return (
    <section className="lobby" aria-labelledby={titleId} data-testid="lobby">
      <h2 id={titleId} className="section-title">
        {t('wallet.gamesTitle')}
      </h2>
      <p id={keysId} className="visually-hidden">
        {t('lobby.keys')}
      </p>
      <div ref={stageRef} className="lobby__stage" style={{ height: layout.height }} data-ready={pixiReady && textures.size >= new Set(art).size}>
        <div className="lobby__canvas" aria-hidden="true" data-testid="lobby-canvas">
          {width > 0 && (
            <Application
              resizeTo={stageRef}
              backgroundAlpha={0}
              antialias={CANVAS_ANTIALIAS}
              autoDensity
              resolution={canvasResolution(window.devicePixelRatio)}
              autoStart={false}
              onInit={onPixiInit}
            >
              {pixiReady && <LobbyStage rows={rows} layout={layout} textures={textures} fontsVersion={fontsVersion} />}
            </Application>
          )}
        </div>
        {groups.map((group, r) => {
          const engine = engines[r];
          const category = t(`wallet.category.${group.category}`);
          const headingId = `${titleId}-${group.category}`;
          const resting = rest[r] ?? engine.restingOffset;
          const current = focusedIndex(r);
          return (
            <section
              key={group.category}
              className="lobby__row"
              style={{ top: layout.rows[r].titleTop }}
              aria-labelledby={headingId}
              aria-roledescription={t('lobby.carousel')}
              data-testid={`carousel-${group.category}`}
            >
              <div className="lobby__heading" style={{ height: LAYOUT_SPACING.titleHeight }}>
                <h3 id={headingId} className="lobby__title">
                  {category}
                </h3>
                {engine.wraps && (
                  // Pointer users' arrows; keyboard users have the arrow keys on the cards.
                  <div className="lobby__arrows">
                    <button type="button" tabIndex={-1} className="lobby__arrow" aria-label={t('lobby.previous', { category })} onClick={() => engine.prev()}>
                      <ChevronLeftIcon size={18} />
                    </button>
                    <button type="button" tabIndex={-1} className="lobby__arrow" aria-label={t('lobby.next', { category })} onClick={() => engine.next()}>
                      <ChevronRightIcon size={18} />
                    </button>
                  </div>
                )}
              </div>
              <div className="lobby__track" style={{ height: layout.trackHeight }} {...pointer(r)} data-testid={`track-${group.category}`}>
                <ul className="lobby__cards">
                  {group.slots.map((slot, i) => {
                    const { balance } = cardAmounts(slot);
                    const kind = kindOf(group.category);
                    const label = slot.closed
                      ? t('lobby.cardClosed', { name: slot.name, kind, amount: balance, currency })
                      : slot.isActive
                      ? t('lobby.cardActive', { name: slot.name, kind, amount: balance, currency })
                      : t('lobby.cardInactive', { name: slot.name, kind });
                    const place = slotOf(i, resting, engine.count, engine.wraps);
                    return (
                      <li key={slot.code}>
                        <button
                          type="button"
                          ref={(el) => {
                            if (el) buttons.current.set(`${r}:${i}`, el);
                            else buttons.current.delete(`${r}:${i}`);
                          }}
                          className="lobby__card"
                          style={{
                            left: buttonLeft(place, layout),
                            top: LAYOUT_SPACING.trackPadding,
                            width: layout.cardWidth,
                            height: layout.cardHeight,
                          }}
                          tabIndex={i === current ? 0 : -1}
                          aria-label={label}
                          aria-describedby={keysId}
                          aria-haspopup="dialog"
                          data-testid={`game-${slot.code}`}
                          data-active={slot.isActive}
                          data-closed={slot.closed}
                          onClick={() => onOpen(slot.code)}
                          onKeyDown={onCardKey(r, i)}
                          onFocus={onCardFocus(r, i)}
                        />
                      </li>
                    );
                  })}
                </ul>
              </div>
            </section>
          );
        })}
      </div>
    </section>
  );
}
