import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './api/auth-provider';
import { dataProvider } from './api/data-provider';
import { AssetsPage } from './assets/assets-page';
import { AsOfPage } from './events/as-of-page';
import { EventList } from './events/event-list';
import { ConsoleLayout } from './layout/console-layout';
import { MailList } from './mail/mail-list';
import { OperationsPage } from './operations/operations-page';
import { PaymentsPage } from './payments/payments-page';
import { ProcessesPage } from './processes/processes-page';
import { SignInPage } from './layout/sign-in-page';
import { ListingEdit, ListingList, ListingShow } from './listings/listing-pages';
import { TransactionList } from './transactions/transaction-list';
import { TransactionShow } from './transactions/transaction-show';
import { UserEdit } from './users/user-edit';
import { UserList } from './users/user-list';
import { UserShow } from './users/user-show';

/**
 * The operator console: react-admin over the Integration API, served by the server at /console. Real paths
 * (/console/users/…) rather than react-admin's default hash routes, so a page's address can be shared; the server
 * answers every such path with the page.
 */
export const App = () => (
  <BrowserRouter basename="/console">
  <Admin dataProvider={dataProvider} authProvider={authProvider} loginPage={SignInPage} layout={ConsoleLayout} title="Marketplace console" requireAuth disableTelemetry>
    <Resource name="users" list={UserList} show={UserShow} edit={UserEdit} recordRepresentation="email" />
    <Resource name="listings" list={ListingList} show={ListingShow} edit={ListingEdit} recordRepresentation="title" />
    <Resource name="transactions" list={TransactionList} show={TransactionShow} />
    <Resource name="events" list={EventList} options={{ label: 'Event log' }} />
    <Resource name="mails" list={MailList} options={{ label: 'Mail outbox' }} />
    <CustomRoutes>
      <Route path="/as-of/:resourceId" element={<AsOfPage />} />
      <Route path="/operations" element={<OperationsPage />} />
      <Route path="/processes" element={<ProcessesPage />} />
      <Route path="/payments" element={<PaymentsPage />} />
      <Route path="/assets" element={<AssetsPage />} />
    </CustomRoutes>
  </Admin>
  </BrowserRouter>
);
