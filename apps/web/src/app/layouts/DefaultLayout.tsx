import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import classes from './layout.module.css';
import { OfflineBadge } from './OfflineBadge';

/** Default layout: just the page (plus the root's loading overlay) — public pages. */
export function DefaultLayout() {
  return (
    <div className={classes.publicShell}>
      <Box pos="fixed" top={12} right={16} style={{ zIndex: 200 }}>
        <OfflineBadge />
      </Box>
      <Outlet />
    </div>
  );
}
