import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { APP_NAME } from '../../components/Page.tsx';
import { useActiveEnvironment } from '../environment/environment.context.ts';
import { environmentColor, toCssColor } from '../environment/environmentColor.ts';
import { useCurrentOperatorQuery, useSignOut } from '../session/auth.queries.ts';
import { EnvironmentMenu } from './EnvironmentMenu.tsx';
import { NavMenu } from './NavMenu.tsx';
import { NAV_MENUS } from './navigation.ts';

export function NavBar() {
  const { active } = useActiveEnvironment();
  const operator = useCurrentOperatorQuery();
  const signOut = useSignOut();
  // Who is signed in, and what they are where they are.
  const role = operator.data?.environments.find((environment) => environment.id === active)?.role;
  const signedInLabel = `${operator.data?.email ?? ''}${role ? ` · ${role} in ${active}` : ''}`;
  return (
    <AppBar
      position="sticky"
      color="default"
      elevation={1}
      // The environment's colour along the bar's edge, so the active environment is never missed.
      style={{ borderBottom: `4px solid ${toCssColor(environmentColor(active))}` }}
    >
      {/* On a narrow screen the signed-in label gives up its room first (ellipsis, whole text on hover), the
          environment name last: the brand, the menus and Logout keep their size, and Logout stays at the right. */}
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 1, '& > *': { flexShrink: 0 } }}>
        <Typography
          component={Link}
          to="/"
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', mr: 2, fontWeight: 700 }}
        >
          {APP_NAME}
        </Typography>
        <EnvironmentMenu />
        {NAV_MENUS.map((menu) => (
          <NavMenu key={menu.label} {...menu} />
        ))}
        {/* takes what the rest leaves (none of its own): it never squeezes the environment name */}
        {operator.data ? (
          <Typography
            variant="body2"
            title={signedInLabel}
            noWrap
            sx={{
              color: 'text.secondary',
              visibility: { xs: 'hidden', md: 'visible' },
              textAlign: 'right',
              minWidth: 0,
              '&&': { flex: '1 1 0px' },
            }}
          >
            {signedInLabel}
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
