import { Application, extend, useApplication, useTick } from '@pixi/react';
import { Container, Graphics, Text, type Ticker } from 'pixi.js';
import 'pixi.js/unsafe-eval';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DEMO_SLOT } from '../../contract';
import { planSpin, reelPosition, reelsStopped, ROWS, spinSettled, visibleSymbols, type Grid, type ReelPlan } from './reels';
import { SYMBOL_BOX, symbolContext } from './symbolArt';

// Only the classes this scene draws with.
extend({ Container, Graphics, Text });

export interface Landing {
  /** A new key starts a new landing. */
  key: number;
  target: Grid;
}

export interface SlotSceneProps {
  /** What the reels show at rest. */
  shown: Grid;
  /** The outcome to land on, decided by the server; null while nothing is landing. */
  landing: Landing | null;
  /** No travel at all: the reels show the outcome at once (prefers-reduced-motion). */
  reducedMotion: boolean;
  /** Winning paylines to trace once settled, with the cells they cross. */
  winLines: readonly { line: number; count: number }[];
  /** The win to show over the reels once settled, or null. */
  winText: string | null;
  /** The screen reader's description of the reels (the canvas's text equivalent). */
  label: string;
  onReelStop: (reel: number) => void;
  onSettled: () => void;
}

interface Layout {
  width: number;
  height: number;
  cell: number;
  gap: number;
  left: number;
  top: number;
}

/** The win plaque on the frame's lower edge, as a share of a cell's height. */
const PLAQUE = 0.46;

/** Three square reels of three cells, centred with the half of the win plaque that hangs below. */
function layoutFor(width: number, height: number): Layout {
  const pad = Math.max(10, Math.min(width, height) * 0.045);
  const gap = Math.max(6, width * 0.02);
  const cell = Math.max(10, Math.min((width - 2 * pad - 2 * gap) / DEMO_SLOT.reels, (height - 2 * pad) / (ROWS + PLAQUE / 2)));
  const group = (ROWS + PLAQUE / 2) * cell;
  return { width, height, cell, gap, left: (width - (DEMO_SLOT.reels * cell + 2 * gap)) / 2, top: (height - group) / 2 };
}

const reelX = (l: Layout, reel: number) => l.left + reel * (l.cell + l.gap);
const cellCentre = (l: Layout, reel: number, row: number) => ({ x: reelX(l, reel) + l.cell / 2, y: l.top + (row + 0.5) * l.cell });

/** The slot machine on a Pixi canvas; the DOM around it holds every control and the results. */
export default function SlotScene(props: SlotSceneProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={wrapRef} className="slot-scene" role="img" aria-label={props.label} data-testid="slot-scene">
      <Application
        resizeTo={wrapRef}
        backgroundAlpha={0}
        antialias
        autoDensity
        resolution={Math.min(2, window.devicePixelRatio || 1)}
        // The ticker runs only while reels move (see Reels); a slow device skips frames rather than stretching the landing.
        autoStart={false}
        onInit={(app) => {
          app.ticker.stop();
          app.ticker.minFPS = 4;
        }}
      >
        <Reels {...props} />
      </Application>
    </div>
  );
}

interface Motion {
  plans: ReelPlan[];
  elapsedMs: number;
  stopped: number;
  target: Grid;
  /** Frames the travel took; written on the canvas when it lands (data-landing-frames). */
  frames: number;
}

function Reels({ shown, landing, reducedMotion, winLines, winText, onReelStop, onSettled }: SlotSceneProps) {
  const { app, isInitialised } = useApplication();
  const [layout, setLayout] = useState<Layout>(() => layoutFor(300, 300));
  const layoutRef = useRef(layout);
  const cells = useRef<(Graphics | null)[]>([]);
  const reelsRef = useRef<Container>(null);
  const maskRef = useRef<Graphics>(null);
  const rest = useRef<Grid>(shown);
  const motion = useRef<Motion | null>(null);
  const dirty = useRef(true);
  // The canvas, to write how many frames the last landing took (data-landing-frames).
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    canvasRef.current = isInitialised ? app.canvas : null;
  }, [app, isInitialised]);
  const report = useCallback((frames: number) => {
    if (canvasRef.current) canvasRef.current.dataset.landingFrames = String(frames);
  }, []);
  // The latest callbacks, for the ticker, which is added once.
  const callbacks = useRef({ onReelStop, onSettled, reducedMotion });
  useLayoutEffect(() => {
    callbacks.current = { onReelStop, onSettled, reducedMotion };
  });

  const place = useCallback((reel: number, tape: Grid[number], position: number) => {
    const l = layoutRef.current;
    const seen = visibleSymbols(tape, position);
    for (let slot = 0; slot <= ROWS; slot++) {
      const g = cells.current[reel * (ROWS + 1) + slot];
      if (!g) continue;
      const symbol = seen[slot];
      g.visible = Boolean(symbol);
      if (!symbol) continue;
      g.context = symbolContext(symbol.symbol);
      g.position.set(reelX(l, reel) + l.cell / 2, l.top + (symbol.offset + 0.5) * l.cell);
      g.scale.set((l.cell * 0.74) / SYMBOL_BOX);
    }
  }, []);

  /** Places the reels at rest and draws one frame: at rest nothing moves, so nothing renders per frame. */
  const renderStill = useCallback(() => {
    if (!isInitialised || motion.current) return;
    // Partly visible symbols are cut at the reel windows.
    if (reelsRef.current && maskRef.current) reelsRef.current.mask = maskRef.current;
    if (dirty.current) {
      rest.current.forEach((column, reel) => place(reel, column, 0));
      dirty.current = false;
    }
    app.render();
  }, [app, isInitialised, place]);

  useEffect(() => {
    if (!isInitialised) return;
    const resize = () => {
      const next = layoutFor(app.screen.width, app.screen.height);
      layoutRef.current = next;
      dirty.current = true;
      setLayout(next);
      // Resizing clears the canvas even when the layout comes out the same.
      renderStill();
    };
    resize();
    // Kept: when the page leaves, the Application is destroyed (app.renderer is then null) before this cleanup runs.
    const renderer = app.renderer;
    renderer.on('resize', resize);
    return () => {
      renderer.off('resize', resize);
    };
  }, [app, isInitialised, renderStill]);

  useEffect(() => {
    if (!motion.current) {
      rest.current = shown;
      dirty.current = true;
    }
  }, [shown]);

  useEffect(() => {
    if (!landing) return;
    if (callbacks.current.reducedMotion) {
      rest.current = landing.target;
      motion.current = null;
      dirty.current = true;
      // No travel: the ticker never starts. Written for the browser tests, which check this
      // instead of timing the landing (a busy machine cannot make a count wrong).
      report(0);
      callbacks.current.onSettled();
      return;
    }
    motion.current = { plans: planSpin(rest.current, landing.target, Math.random), elapsedMs: 0, stopped: 0, target: landing.target, frames: 0 };
    app.ticker.start();
  }, [app, landing, report]);

  // Whatever the props changed (layout, win lines, plaque), show it.
  useEffect(() => {
    renderStill();
  });

  // Runs only while the reels move, driven by the ticker's delta; React state is not touched per frame.
  const tick = useCallback(
    (ticker: Ticker) => {
      const m = motion.current;
      if (!m) return;
      m.elapsedMs += ticker.deltaMS;
      m.frames += 1;
      m.plans.forEach((plan, reel) => place(reel, plan.tape, reelPosition(plan, m.elapsedMs)));
      for (const stopped = reelsStopped(m.plans, m.elapsedMs); m.stopped < stopped; m.stopped++) callbacks.current.onReelStop(m.stopped);
      if (spinSettled(m.plans, m.elapsedMs)) {
        rest.current = m.target;
        motion.current = null;
        report(m.frames);
        // This frame still renders (the renderer listens after us); then the ticker rests.
        ticker.stop();
        callbacks.current.onSettled();
      }
    },
    [place, report],
  );
  useTick(tick);

  const drawFrame = useCallback(
    (g: Graphics) => {
      const l = layout;
      const w = DEMO_SLOT.reels * l.cell + 2 * l.gap;
      const h = ROWS * l.cell;
      const border = Math.max(6, l.cell * 0.07);
      g.clear();
      g.roundRect(l.left - border * 1.6, l.top - border * 1.6, w + border * 3.2, h + border * 3.2, border * 2.4).fill(0x1a0b36);
      g.roundRect(l.left - border, l.top - border, w + border * 2, h + border * 2, border * 1.6)
        .fill(0x2a124f)
        .stroke({ width: border * 0.55, color: 0xf5c451 });
      for (let reel = 0; reel < DEMO_SLOT.reels; reel++) {
        const x = reelX(l, reel);
        g.roundRect(x, l.top, l.cell, h, l.cell * 0.1).fill(0xfbf7ff);
        // A soft shade at the top and bottom edges, as on a curved reel.
        for (let band = 0; band < 4; band++) {
          const depth = l.cell * (0.28 - band * 0.06);
          g.rect(x, l.top, l.cell, depth).fill({ color: 0x2a124f, alpha: 0.035 });
          g.rect(x, l.top + h - depth, l.cell, depth).fill({ color: 0x2a124f, alpha: 0.035 });
        }
      }
    },
    [layout],
  );

  const drawMask = useCallback(
    (g: Graphics) => {
      g.clear();
      for (let reel = 0; reel < DEMO_SLOT.reels; reel++) g.rect(reelX(layout, reel), layout.top, layout.cell, ROWS * layout.cell).fill(0xffffff);
    },
    [layout],
  );

  const drawWins = useCallback(
    (g: Graphics) => {
      g.clear();
      const stroke = Math.max(2, layout.cell * 0.035);
      for (const { line, count } of winLines) {
        const rows = DEMO_SLOT.paylines[line];
        const points = rows.map((row, reel) => cellCentre(layout, reel, row));
        for (const [width, alpha] of [[stroke * 2.6, 0.25], [stroke, 0.95]] as const) {
          g.moveTo(points[0].x - layout.cell * 0.45, points[0].y);
          for (const p of points) g.lineTo(p.x, p.y);
          g.lineTo(points[2].x + layout.cell * 0.45, points[2].y);
          g.stroke({ width, color: 0xf5c451, alpha, cap: 'round', join: 'round' });
        }
        rows.slice(0, count).forEach((row, reel) => {
          const c = cellCentre(layout, reel, row);
          const s = layout.cell * 0.88;
          g.roundRect(c.x - s / 2, c.y - s / 2, s, s, layout.cell * 0.12).stroke({ width: stroke, color: 0xe0a02a, alpha: 0.95 });
        });
      }
    },
    [layout, winLines],
  );

  const plaqueY = layout.top + ROWS * layout.cell + Math.max(6, layout.cell * 0.07);
  const drawWinBadge = useCallback(
    (g: Graphics) => {
      g.clear();
      if (!winText) return;
      const w = layout.cell * 1.9;
      const h = layout.cell * PLAQUE;
      g.roundRect(layout.width / 2 - w / 2, plaqueY - h / 2, w, h, h / 2)
        .fill(0x1a0b36)
        .stroke({ width: Math.max(2, layout.cell * 0.035), color: 0xf5c451 });
    },
    [layout, plaqueY, winText],
  );

  const noDraw = useCallback(() => {}, []);

  return (
    <pixiContainer>
      <pixiGraphics draw={drawFrame} />
      <pixiContainer ref={reelsRef}>
        {Array.from({ length: DEMO_SLOT.reels * (ROWS + 1) }, (_, i) => (
          <pixiGraphics
            key={i}
            draw={noDraw}
            ref={(g: Graphics | null) => {
              cells.current[i] = g;
              dirty.current = true;
            }}
          />
        ))}
      </pixiContainer>
      <pixiGraphics ref={maskRef} draw={drawMask} />
      <pixiGraphics draw={drawWins} />
      <pixiGraphics draw={drawWinBadge} />
      {winText && (
        <pixiText
          text={winText}
          anchor={0.5}
          x={layout.width / 2}
          y={plaqueY}
          style={{
            fontFamily: 'Noto Sans Thai, Noto Sans Lao, system-ui, sans-serif',
            fontWeight: '700',
            fontSize: Math.round(layout.cell * 0.27),
            fill: 0xffdf8a,
            stroke: { color: 0x2b1600, width: Math.max(2, layout.cell * 0.03) },
          }}
        />
      )}
    </pixiContainer>
  );
}
