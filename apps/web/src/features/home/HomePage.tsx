import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '../../components/Page.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { toCssColor } from '../../shell/environment/environmentColor.ts';
import { useParticles } from './useParticles.ts';

const rise = keyframes`
  0% { transform: translateY(0) scale(0.6); opacity: 0; }
  15% { opacity: 0.85; }
  100% { transform: translateY(-70vh) scale(1.2); opacity: 0; }
`;

export function HomePage() {
  const { active } = useActiveEnvironment();
  const particles = useParticles(active);
  return (
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        minHeight: 'calc(100vh - 160px)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 2,
      }}
    >
      <title>{`Home · ${APP_NAME}`}</title>
      <Box aria-hidden sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
        {particles.map((particle) => (
          <Box
            key={particle.id}
            data-particle
            style={{
              left: `${particle.leftPercent}%`,
              width: particle.sizePx,
              height: particle.sizePx,
              backgroundColor: toCssColor(particle.color),
              animationDuration: `${particle.durationMs}ms`,
            }}
            sx={{
              position: 'absolute',
              bottom: 0,
              borderRadius: '50%',
              opacity: 0,
              // the duration is set per particle in the inline style
              animation: `${rise} 5s ease-out forwards`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.3 },
            }}
          />
        ))}
      </Box>
      <Box sx={{ position: 'relative', textAlign: 'center', px: 2 }}>
        <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
          Orchestrate your game servers
        </Typography>
        <Typography variant="h6" component="p" sx={{ color: 'text.secondary' }}>
          Configure, schedule and release live content for every environment, from one console.
        </Typography>
      </Box>
    </Box>
  );
}
