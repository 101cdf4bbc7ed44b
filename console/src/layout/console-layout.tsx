import MonitorHeart from '@mui/icons-material/MonitorHeart';
import { AppBar, Layout, Menu, TitlePortal, type LayoutProps } from 'react-admin';
import { MarketplacePicker } from './marketplace-picker';

const ConsoleAppBar = () => (
  <AppBar>
    <TitlePortal />
    <MarketplacePicker />
  </AppBar>
);

/** The resources, then the pages that are not resources of the API (operations). */
const ConsoleMenu = () => (
  <Menu>
    <Menu.ResourceItems />
    <Menu.Item to="/operations" primaryText="Operations" leftIcon={<MonitorHeart />} />
  </Menu>
);

export const ConsoleLayout = (props: LayoutProps) => <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu} />;
