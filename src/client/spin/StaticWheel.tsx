import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { WheelSlice } from '../../../machines/spinMachine';
import type { WheelTarget } from '../scene/wheel/WheelCanvas';
import { labelPose, wheelSize } from '../scene/wheel/wheelPhysics';

interface StaticWheelProps {
  slices: WheelSlice[];
  target: WheelTarget | null;
  onSettled: () => void;
  children: ReactNode;
  /** Shown while the canvas wheel loads: the same wheel, not yet ready to spin. */
  placeholder?: boolean;
}

const polar = (r: number, angle: number) => `${(60 + r * Math.cos(angle)).toFixed(2)} ${(60 + r * Math.sin(angle)).toFixed(2)}`;

/**
 * The wheel without WebGL (or when the canvas failed): the same slices as an SVG, turned
 * straight to the won slice, which settles at once.
 */
export function StaticWheel({ slices, target, onSettled, children, placeholder = false }: StaticWheelProps) {
  const n = Math.max(1, slices.length);
  const s = (Math.PI * 2) / n;
  const [rotation, setRotation] = useState(0);
  const [shown, setShown] = useState<WheelTarget | null>(null);
  // A new target turns the wheel to it; the wheel keeps its place when the target clears.
  if (target !== shown) {
    setShown(target);
    if (target && target.index >= 0) setRotation(-(target.index + 0.5) * s);
  }
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    if (target && target.index >= 0) settled.current();
  }, [target]);
  const size = wheelSize(window.innerWidth);
  return (
    <div className="wheel wheel--static" style={{ width: size, height: size }} data-testid="wheel" data-ready={!placeholder} data-rotation={rotation}>
      <svg viewBox="0 0 120 120" aria-hidden="true">
        <g transform={`rotate(${(rotation * 180) / Math.PI} 60 60)`}>
          {slices.map((slice, i) => {
            const a0 = -Math.PI / 2 + i * s;
            const a1 = a0 + s;
            const mid = (a0 + a1) / 2;
            // Upright on the left half too (the wheel's labels read the same way as the canvas wheel's).
            const pose = labelPose(i, n, rotation);
            const x = 60 + 50 * Math.cos(mid);
            const y = 60 + 50 * Math.sin(mid);
            return (
              <g key={slice.code}>
                <path d={`M60 60 L${polar(56, a0)} A56 56 0 0 1 ${polar(56, a1)} Z`} fill={slice.bgColor} stroke="#ffffff80" strokeWidth="0.4" />
                <text
                  x={x}
                  y={y}
                  fill={slice.textColor}
                  fontSize="4.4"
                  fontWeight="700"
                  textAnchor={pose.fromRim ? 'start' : 'end'}
                  dominantBaseline="middle"
                  transform={`rotate(${(pose.angle * 180) / Math.PI} ${x} ${y})`}
                >
                  {slice.label}
                </text>
              </g>
            );
          })}
          <circle cx="60" cy="60" r="56" fill="none" stroke="#f5c451" strokeWidth="2" />
        </g>
        <path d="M55 1 L65 1 L60 11 Z" fill="#f5c451" stroke="#3b2a00" strokeWidth="0.6" />
      </svg>
      <div className="wheel__centre">{children}</div>
    </div>
  );
}
