import { Alert, Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useNotify } from 'react-admin';
import { integration } from '../api/integration';

interface PaymentsReport {
  provider: 'emulator' | 'stripe';
  accounts: { userId: string; stripeAccountId: string; chargesEnabled: boolean | null; payoutsEnabled: boolean | null; balance: { available?: unknown; pending?: unknown } | null; error?: string }[];
  customers: { userId: string; stripeCustomerId: string; card: string | null }[];
  intents: { id: string; status: string; amount: number; amountReceived: number; amountRefunded: number; currency: string; transactionId: string | null }[];
}

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** A small table with a caption for screen readers; each row one object of the report. */
const ReportTable = ({ caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] }) => (
  <Box sx={{ overflowX: 'auto', mb: 2 }}>
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>{columns.map((c) => <TableCell key={c}>{c}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && <TableRow><TableCell colSpan={columns.length}>None.</TableCell></TableRow>}
        {rows.map((row, i) => <TableRow key={i}>{row.map((cell, j) => <TableCell key={j} sx={{ wordBreak: 'break-word' }}>{cell}</TableCell>)}</TableRow>)}
      </TableBody>
    </Table>
  </Box>
);

/**
 * The marketplace's payments (x-payments/show): payout accounts with their balance, customers, payment intents.
 * With the embedded emulator as the provider, its controls: move the clock ahead (balances, link expiry and due
 * transitions follow) and reset the marketplace's emulated provider.
 */
export const PaymentsPage = () => {
  const notify = useNotify();
  const [report, setReport] = useState<PaymentsReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [duration, setDuration] = useState('P1D');
  const [durationProblem, setDurationProblem] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const read = useCallback(
    () =>
      integration<{ id: string; type: string; attributes: PaymentsReport }>('x-payments/show')
        .then(({ data }) => setReport(data.attributes))
        .catch((error: Error) => setProblem(error.message)),
    [],
  );
  useEffect(() => void read(), [read]);
  const advance = async () => {
    setDurationProblem(null);
    try {
      const { data } = await integration<{ id: string; type: string; attributes: { offsetMs: number } }>('x-emulator/clock_advance', { expand: true }, { duration });
      notify(`Clock moved ahead by ${duration}: now ${data.attributes.offsetMs / 1000} s ahead of real time`, { type: 'success' });
      void read();
    } catch (error) {
      setDurationProblem((error as Error).message);
    }
  };
  const reset = async () => {
    setConfirmReset(false);
    try {
      await integration('x-emulator/reset', undefined, {});
      notify('The emulated payment provider of this marketplace is empty again', { type: 'success' });
      void read();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="Payments" />
      <CardContent>
        {problem && <Alert severity="error" role="alert">{problem}</Alert>}
        {report && (
          <>
            <Typography variant="h6" component="h2">Payout accounts</Typography>
            <ReportTable
              caption="Payout accounts"
              columns={['User', 'Account', 'Charges', 'Payouts', 'Balance']}
              rows={report.accounts.map((a) => [a.userId, a.stripeAccountId, String(a.chargesEnabled ?? '-'), String(a.payoutsEnabled ?? '-'), a.error ?? JSON.stringify(a.balance ?? {})])}
            />
            <Typography variant="h6" component="h2">Customers</Typography>
            <ReportTable caption="Customers" columns={['User', 'Customer', 'Card']} rows={report.customers.map((c) => [c.userId, c.stripeCustomerId, c.card ?? '-'])} />
            <Typography variant="h6" component="h2">Payment intents</Typography>
            <ReportTable
              caption="Payment intents"
              columns={['Intent', 'Status', 'Amount', 'Received', 'Refunded', 'Transaction']}
              rows={report.intents.map((p) => [p.id, p.status, money(p.amount, p.currency), money(p.amountReceived, p.currency), money(p.amountRefunded, p.currency), p.transactionId ?? '-'])}
            />
            {report.provider === 'emulator' && (
              <>
                <Typography variant="h6" component="h2" sx={{ mt: 2 }}>Payment emulator</Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
                  <TextField
                    label="Move the clock ahead by"
                    value={duration}
                    onChange={(e) => setDuration(e.target.value)}
                    error={durationProblem !== null}
                    helperText={durationProblem ?? 'An ISO 8601 duration: P2D, PT36H'}
                    size="small"
                  />
                  <Button variant="contained" onClick={advance}>Advance the clock</Button>
                  <Button color="error" variant="outlined" onClick={() => setConfirmReset(true)}>Reset the emulator</Button>
                </Stack>
                <Confirm
                  isOpen={confirmReset}
                  title="Reset the payment emulator?"
                  content="Every emulated account, customer, payment intent and balance of this marketplace goes; users keep their references to the old ones."
                  onConfirm={reset}
                  onClose={() => setConfirmReset(false)}
                />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
};
