import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { APP_NAME } from '../../components/Page.tsx';
import { baseEnvironmentOf, environmentLabel } from '../environment/branch.ts';
import { useActiveEnvironment } from '../environment/environment.context.ts';
import { environmentColor, toCssColor } from '../environment/environmentColor.ts';
import { useCurrentOperatorQuery, useSignOut } from '../session/auth.queries.ts';
import { EnvironmentMenu } from './EnvironmentMenu.tsx';
import { NavMenu } from './NavMenu.tsx';
import { NAV_MENUS } from './navigation.ts';

const NARROW_OR_SHORT_WINDOW = '@media (max-width: 899.95px), (max-height: 479.95px)';
const ELLIPSIS_SX = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export function NavBar() {
  const { active } = useActiveEnvironment();
  const operator = useCurrentOperatorQuery();
  const signOut = useSignOut();
  // Who is signed in, and what they are where they are (in a change request: in the environment it changes).
  const base = baseEnvironmentOf(active);
  const role = operator.data?.environments.find((environment) => environment.id === base)?.role;
  const signedInLabel = `${operator.data?.email ?? ''}${role ? ` · ${role} in ${environmentLabel(active)}` : ''}`;
  return (
    <AppBar
      position="sticky"
      color="default"
      elevation={1}
      // The environment's colour along the bar's edge, so the active environment is never missed.
      style={{ borderBottom: `4px solid ${toCssColor(environmentColor(active))}` }}
      // Where the bar wraps onto more rows or the window is short (200% zoom and more), it scrolls away with the
      // page instead of covering a quarter to three quarters of it.
      sx={{ [NARROW_OR_SHORT_WINDOW]: { position: 'static' } }}
    >
      {/* On a narrow screen (200% zoom, a phone) the bar wraps onto more rows rather than hide anything: the
          environment's name keeps its width (it shrinks only when it is wider than a whole row, and then wraps
          after its separators), and the signed-in label gives up its e-mail and the repeated environment
          (ellipsis, whole text on hover), never the role. The brand, the menus and Logout keep their size. */}
      <Toolbar
        component="nav"
        aria-label="Main"
        sx={{ gap: 1, flexWrap: 'wrap', py: { xs: 0.5, md: 0 }, '& > *': { flexShrink: 0 } }}
      >
        <Typography
          component={Link}
          to="/"
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', mr: { xs: 0, sm: 2 }, fontWeight: 700 }}
        >
          {APP_NAME}
        </Typography>
        <EnvironmentMenu />
        {NAV_MENUS.map((menu) => (
          <NavMenu key={menu.label} {...menu} />
        ))}
        {/* takes what the rest leaves (none of its own) but at least its role: it never squeezes the
            environment name, and moves to the next row when the role does not fit */}
        {operator.data ? (
          <Typography
            variant="body2"
            title={signedInLabel}
            data-testid="signed-in-label"
            // A grid whose e-mail and environment columns may shrink to nothing: the label's least width is its
            // role, so the bar moves it to the next row rather than cut the role.
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, max-content) max-content minmax(0, max-content)',
              justifyContent: 'end',
              whiteSpace: 'pre',
              color: 'text.secondary',
              '&&': { flex: '1 1 0px' },
            }}
          >
            <Box component="span" sx={ELLIPSIS_SX}>
              {operator.data.email}
            </Box>
            {role && (
              <>
                <Box component="span" data-testid="signed-in-role">
                  {` · ${role}`}
                </Box>
                {/* the environment's name is also in its button */}
                <Box component="span" sx={ELLIPSIS_SX}>
                  {` in ${environmentLabel(active)}`}
                </Box>
              </>
            )}
          </Typography>
        ) : (
          <Box sx={{ '&&': { flex: '1 1 0px' } }} />
        )}
        {/* Logout submits POST /logout (a GET changes nothing). */}
        <Button color="inherit" onClick={() => void signOut()}>
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
}
