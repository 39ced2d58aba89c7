import { Sparkles } from '@react-three/drei';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useRef } from 'react';
import type { Group } from 'three';

/** How long the coin flies in; after that the scene is still and draws nothing more. */
const REVEAL_SECONDS = 1.8;

/**
 * The coin: rises from below while spinning fast, then slows to face the member. Moved by
 * mutation in useFrame (never React state per frame); with `frameloop="demand"` each frame
 * asks for the next only while the reveal runs, so the canvas stops drawing once it ends.
 */
function Coin() {
  const coin = useRef<Group>(null);
  const elapsed = useRef(0);
  const invalidate = useThree((state) => state.invalidate);
  useFrame((_, delta) => {
    const mesh = coin.current;
    if (!mesh) return;
    elapsed.current = Math.min(REVEAL_SECONDS, elapsed.current + Math.min(delta, 0.1));
    const p = elapsed.current / REVEAL_SECONDS;
    const ease = 1 - (1 - p) ** 3;
    mesh.position.y = -1.6 + 1.6 * ease;
    // Several turns that slow down and end with the face toward the camera.
    mesh.rotation.y = (1 - ease) * Math.PI * 6;
    mesh.scale.setScalar(0.6 + 0.4 * ease);
    if (p < 1) invalidate();
  });
  return (
    <group ref={coin}>
      {/* A cylinder stands on its axis; turned a quarter it faces the camera, and the group flips it. */}
      <mesh rotation={[Math.PI / 2, 0, 0]}>
        <cylinderGeometry args={[1, 1, 0.16, 48]} />
        <meshStandardMaterial color="#f5c451" metalness={0.85} roughness={0.25} emissive="#5a3b00" emissiveIntensity={0.25} />
      </mesh>
      <mesh position={[0, 0, 0.085]}>
        <torusGeometry args={[0.72, 0.05, 12, 48]} />
        <meshStandardMaterial color="#fff1b8" metalness={0.9} roughness={0.2} />
      </mesh>
    </group>
  );
}

/** The prize dialog's 3D flourish: a gold coin spinning up among sparkles. Its own lazy chunk. */
export default function PrizeCoin3D() {
  return (
    <Canvas
      className="prize-reveal__canvas"
      frameloop="demand"
      dpr={[1, 2]}
      camera={{ position: [0, 0, 4], fov: 40 }}
      gl={{ antialias: true, alpha: true }}
      aria-hidden="true"
      data-testid="prize-3d"
    >
      <ambientLight intensity={0.7} />
      <directionalLight position={[3, 4, 5]} intensity={2.2} />
      <Coin />
      <Sparkles count={36} scale={[4, 3, 1]} size={4} speed={0} color="#ffe08a" />
    </Canvas>
  );
}
