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
  return (
    <AppBar
      position="sticky"
      color="default"
      elevation={1}
      // The environment's colour along the bar's edge, so the active environment is never missed.
      style={{ borderBottom: `4px solid ${toCssColor(environmentColor(active))}` }}
    >
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 1 }}>
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
        <Box sx={{ flexGrow: 1 }} />
        {operator.data && (
          <Typography variant="body2" sx={{ color: 'text.secondary', display: { xs: 'none', md: 'block' } }}>
            {operator.data.email}
            {role && ` · ${role} in ${active}`}
          </Typography>
        )}
        {/* Logout submits POST /logout (a GET changes nothing). */}
        <Button color="inherit" onClick={() => void signOut()}>
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
}
