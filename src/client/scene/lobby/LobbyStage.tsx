import { extend, useApplication, useTick } from '@pixi/react';
import { Container, Graphics, Sprite, Text, type Texture, type Ticker } from 'pixi.js';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { canvasResolution } from './canvasResolution';
import { CARD_FONT_FAMILY } from './cardArt';
import type { CarouselEngine } from './carouselEngine';
import { cardPose, type LobbyLayout } from './lobbyLayout';
import { drawAt, MotionResolution } from '../motionResolution';
import { useFrameDemand } from './useFrameDemand';

// Only the classes the lobby draws with.
extend({ Container, Graphics, Sprite, Text });

/** What one card shows, already in the member's language. */
export interface CardFace {
  code: string;
  name: string;
  active: boolean;
  /** The provider is closed: greyed, its second line says so (in `credit`). */
  closed: boolean;
  /** Active: the balance, and the balance at the wallet-to-game rate. */
  amount: string;
  credit: string;
  /** Inactive: the open-account prompt. */
  prompt: string;
  logo: string;
  background: string;
}

export interface StageRow {
  key: string;
  cards: CardFace[];
  engine: CarouselEngine;
}

interface StageProps {
  rows: StageRow[];
  layout: LobbyLayout;
  textures: ReadonlyMap<string, Texture>;
  /** Changes when web fonts arrive: the card text is made again with them. */
  fontsVersion: number;
}

/**
 * The lobby's canvas content: one row of cards per carousel. Each frame the ticker runs every
 * carousel engine forward by its delta and places the cards from the engines' offsets; React
 * renders only when the cards, sizes, art or fonts change (memo: the DOM layer's focus and resting
 * state do not touch the canvas). Frames are drawn on demand
 * (`useFrameDemand`): while a carousel is held or moving, once after any change, and never
 * while the page is hidden or the canvas is off screen. A device too slow to move the carousels
 * at full resolution draws the moving frames at 1× (`MotionResolution`); at rest it is sharp.
 */
export const LobbyStage = memo(function LobbyStage({ rows, layout, textures, fontsVersion }: StageProps) {
  const views = useRef(new Map<string, Container>());
  const { app } = useApplication();
  const demand = useFrameDemand(app, () => rows.some((row) => row.engine.moving));
  const [resolution] = useState(() => new MotionResolution(canvasResolution(window.devicePixelRatio)));

  // A press, a key, an arrow button or a settle: draw until the carousels rest again.
  useEffect(() => {
    const stops = rows.map((row) => row.engine.subscribe(() => demand.request()));
    return () => stops.forEach((stop) => stop());
  }, [rows, demand]);
  // Whatever React changed on the stage (cards, sizes, art, fonts) is drawn once.
  useEffect(() => {
    demand.request();
  });

  const place = useCallback(
    (row: StageRow, rowIndex: number) => {
      row.cards.forEach((card, i) => {
        const view = views.current.get(`${rowIndex}:${card.code}`);
        if (!view) return;
        const slot = row.engine.slotOf(i);
        const pose = cardPose(slot, layout);
        view.visible = pose.visible;
        view.position.x = pose.x;
        view.scale.set(pose.scale);
        view.alpha = pose.alpha;
        // The middle card overlaps its neighbours while passing them.
        view.zIndex = Math.round(100 - Math.abs(slot) * 10);
      });
    },
    [layout],
  );

  const tick = useCallback(
    (ticker: Ticker) => {
      rows.forEach((row, r) => {
        row.engine.advance(ticker.deltaMS);
        place(row, r);
      });
      // The resolution is set before the frame is drawn.
      drawAt(app.renderer, resolution.frame(rows.some((row) => row.engine.moving), ticker.deltaMS));
      // This frame is still drawn (the renderer listens after us); the ticker may rest after it.
      demand.frameDone();
    },
    [rows, place, demand, resolution, app],
  );
  useTick(tick);

  return (
    <pixiContainer>
      {rows.map((row, r) => (
        <pixiContainer key={row.key} y={layout.rows[r].trackTop + layout.trackHeight / 2} sortableChildren>
          {row.cards.map((card) => (
            <pixiContainer
              key={card.code}
              ref={(view: Container | null) => {
                const key = `${r}:${card.code}`;
                if (view) {
                  views.current.set(key, view);
                  place(row, r);
                } else {
                  views.current.delete(key);
                }
              }}
            >
              <CardView
                face={card}
                width={layout.cardWidth}
                height={layout.cardHeight}
                resolution={resolution.rest}
                background={textures.get(card.background)}
                logo={textures.get(card.logo)}
                fontsVersion={fontsVersion}
              />
            </pixiContainer>
          ))}
        </pixiContainer>
      ))}
    </pixiContainer>
  );
});

interface CardViewProps {
  face: CardFace;
  width: number;
  height: number;
  /** The canvas's resolution at rest: the card is cached and its text drawn at it, whatever a moving frame draws at. */
  resolution: number;
  background: Texture | undefined;
  logo: Texture | undefined;
  fontsVersion: number;
}

const GOLD = 0xf5c451;
const GOLD_LIGHT = 0xffdf8a;
const LILAC = 0xe2d8ff;
const INK = 0x0b0617;
const DANGER = 0xff6b81;
const DANGER_LIGHT = 0xffb3be;

/** A font size that fits `text` into `room` px: digits and most letters are narrower than 0.62 em. */
const fitted = (size: number, text: string, room: number) => Math.max(8, Math.min(size, Math.floor(room / Math.max(1, text.length * 0.62))));

/**
 * One card, centred on its container's origin, drawn at its real size (no scaled-down text).
 * Its six layers (shadow, art, logo, band, two lines of text) are drawn once into a texture of
 * their own, made again only when the card changes: a moving carousel then draws one quad per
 * card instead of every layer again, which is most of a frame's cost on a phone's GPU (and on
 * software WebGL).
 */
function CardView({ face, width: w, height: h, resolution, background, logo, fontsVersion }: CardViewProps) {
  const card = useRef<Container>(null);
  useEffect(() => {
    const view = card.current;
    if (!view) return;
    if (view.isCachedAsTexture) view.updateCacheTexture();
    else view.cacheAsTexture({ resolution, antialias: false });
  });
  useEffect(() => {
    const view = card.current;
    return () => { if (view && !view.destroyed) view.cacheAsTexture(false); };
  }, []);

  const radius = (w * 20) / 300;
  const pad = Math.max(4, w * 0.05);
  const bandHeight = h * 0.36;
  const bandTop = h / 2 - pad - bandHeight;

  const drawShadow = useCallback(
    (g: Graphics) => {
      g.clear();
      g.roundRect(-w / 2 + 2, -h / 2 + 5, w - 4, h, radius).fill({ color: 0x000000, alpha: 0.45 });
    },
    [w, h, radius],
  );

  // Before the art arrives: the card's shape in the lobby's colours.
  const drawPlaceholder = useCallback(
    (g: Graphics) => {
      g.clear();
      g.roundRect(-w / 2, -h / 2, w, h, radius).fill(0x2a124f).stroke({ width: 2, color: GOLD, alpha: 0.5 });
    },
    [w, h, radius],
  );

  const drawBand = useCallback(
    (g: Graphics) => {
      g.clear();
      g.roundRect(-w / 2 + pad, bandTop, w - 2 * pad, bandHeight, bandHeight * 0.3).fill({ color: INK, alpha: face.active && !face.closed ? 0.62 : 0.78 });
      if (face.closed) g.roundRect(-w / 2 + pad, bandTop, w - 2 * pad, bandHeight, bandHeight * 0.3).stroke({ width: 1.5, color: DANGER, alpha: 0.9 });
      else if (!face.active) g.roundRect(-w / 2 + pad, bandTop, w - 2 * pad, bandHeight, bandHeight * 0.3).stroke({ width: 1.5, color: GOLD, alpha: 0.85 });
    },
    [w, pad, bandTop, bandHeight, face.active, face.closed],
  );

  const room = w - 4 * pad;
  const amountSize = fitted(Math.round(h * 0.155), face.amount, room);
  const creditSize = fitted(Math.round(h * 0.115), face.credit, room);
  const promptSize = fitted(Math.round(h * 0.145), face.prompt, room);
  const logoWidth = w * 0.8;
  const logoY = -h / 2 + (bandTop + h / 2) / 2;

  return (
    <pixiContainer ref={card}>
      <pixiGraphics draw={drawShadow} />
      {background ? (
        <pixiSprite texture={background} anchor={0.5} width={w} height={h} tint={face.closed ? 0x5c586a : face.active ? 0xffffff : 0x9c95b2} />
      ) : (
        <pixiGraphics draw={drawPlaceholder} />
      )}
      {logo ? (
        <pixiSprite texture={logo} anchor={0.5} y={logoY} width={logoWidth} height={(logoWidth * 96) / 240} alpha={face.closed ? 0.55 : face.active ? 1 : 0.85} />
      ) : (
        <pixiText
          key={`name-${fontsVersion}`}
          text={face.name}
          anchor={0.5}
          resolution={resolution}
          y={logoY}
          style={{ fontFamily: CARD_FONT_FAMILY, fontWeight: '700', fontSize: fitted(Math.round(h * 0.16), face.name, room), fill: 0xffffff }}
        />
      )}
      <pixiGraphics draw={drawBand} />
      {face.active ? (
        <>
          <pixiText
            key={`amount-${fontsVersion}`}
            text={face.amount}
            anchor={0.5}
            resolution={resolution}
            y={bandTop + bandHeight * 0.34}
            style={{ fontFamily: CARD_FONT_FAMILY, fontWeight: '700', fontSize: amountSize, fill: GOLD_LIGHT }}
          />
          <pixiText
            key={`credit-${fontsVersion}`}
            text={face.credit}
            anchor={0.5}
            resolution={resolution}
            y={bandTop + bandHeight * 0.74}
            style={{ fontFamily: CARD_FONT_FAMILY, fontWeight: face.closed ? '700' : '400', fontSize: creditSize, fill: face.closed ? DANGER_LIGHT : LILAC }}
          />
        </>
      ) : (
        <pixiText
          key={`prompt-${fontsVersion}`}
          text={face.prompt}
          anchor={0.5}
          resolution={resolution}
          y={bandTop + bandHeight / 2}
          style={{ fontFamily: CARD_FONT_FAMILY, fontWeight: '700', fontSize: promptSize, fill: GOLD_LIGHT }}
        />
      )}
    </pixiContainer>
  );
}
