import { AppBar, Layout, TitlePortal, type LayoutProps } from 'react-admin';
import { MarketplacePicker } from './marketplace-picker';

const ConsoleAppBar = () => (
  <AppBar>
    <TitlePortal />
    <MarketplacePicker />
  </AppBar>
);

export const ConsoleLayout = (props: LayoutProps) => <Layout {...props} appBar={ConsoleAppBar} />;
