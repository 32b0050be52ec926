import { useEffect, useRef, useState } from 'react';
import { environmentColor } from '../../shell/environment/environmentColor.ts';
import { advanceParticles, createParticle, type Particle, SPAWN_INTERVAL_MS } from './particles.ts';

/**
 * One interval drives spawning and expiry, so at most lifetime / interval particles exist
 * and nothing outlives the component.
 */
export function useParticles(environment: string): Particle[] {
  const [particles, setParticles] = useState<Particle[]>([]);
  const nextId = useRef(0);

  useEffect(() => {
    const baseColor = environmentColor(environment);
    const timer = window.setInterval(() => {
      const newborn = createParticle(nextId.current++, Date.now(), baseColor);
      setParticles((current) => advanceParticles(current, newborn));
    }, SPAWN_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [environment]);

  return particles;
}
