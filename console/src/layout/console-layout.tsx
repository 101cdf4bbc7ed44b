import AccountTree from '@mui/icons-material/AccountTree';
import FolderOpen from '@mui/icons-material/FolderOpen';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import Payments from '@mui/icons-material/Payments';
import { AppBar, Layout, Menu, TitlePortal, type LayoutProps } from 'react-admin';
import { MarketplacePicker } from './marketplace-picker';

const ConsoleAppBar = () => (
  <AppBar>
    <TitlePortal />
    <MarketplacePicker />
  </AppBar>
);

/** The resources, then the pages that are not resources of the API (processes, operations). */
const ConsoleMenu = () => (
  <Menu>
    <Menu.ResourceItems />
    <Menu.Item to="/processes" primaryText="Processes" leftIcon={<AccountTree />} />
    <Menu.Item to="/assets" primaryText="Assets" leftIcon={<FolderOpen />} />
    <Menu.Item to="/payments" primaryText="Payments" leftIcon={<Payments />} />
    <Menu.Item to="/operations" primaryText="Operations" leftIcon={<MonitorHeart />} />
  </Menu>
);

/** minWidth 0 (react-admin's layout is fit-content): a wide graph, table or JSON scrolls inside its card instead of widening the page. */
export const ConsoleLayout = (props: LayoutProps) => (
  <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu} sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }} />
);
