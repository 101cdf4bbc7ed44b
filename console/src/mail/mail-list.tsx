import { Datagrid, DateField, List, TextField, useRecordContext } from 'react-admin';
import { ResponsiveRows } from '../layout/responsive-list';

interface MailRecord {
  id: string;
  to: string;
  subject: string;
  template: string;
  text: string;
  sentAt: string;
}

/** A mail's text as it was sent, links included (the outbox is how an embedded server "sends" mail). */
const MailText = () => {
  const mail = useRecordContext<MailRecord>();
  if (!mail) return null;
  return (
    <pre aria-label={`Text of the mail to ${mail.to}`} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0, fontSize: 13 }}>
      {mail.text}
    </pre>
  );
};

/** The embedded server's mail outbox of the marketplace (x-mail/outbox), newest first; a row opens the mail's text. */
export const MailList = () => (
  <List title="Mail outbox" sort={{ field: 'sentAt', order: 'DESC' }} perPage={25}>
    <ResponsiveRows
      primary={(m) => m.subject}
      secondary={(m) => `to ${m.to}`}
      tertiary={(m) => new Date(m.sentAt).toLocaleString()}
      rowClick="expand"
      table={
        <Datagrid rowClick="expand" expand={<MailText />} bulkActionButtons={false}>
          <DateField source="sentAt" showTime sortable={false} />
          <TextField source="to" sortable={false} />
          <TextField source="subject" sortable={false} />
          <TextField source="template" sortable={false} />
        </Datagrid>
      }
    />
  </List>
);
