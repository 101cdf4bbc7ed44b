import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { FormEvent, useState } from 'react';
import { useLogin } from 'react-admin';

/** Email and password; a failure shows the API's message as it is (the same for a wrong password and an unknown email). */
export const SignInPage = () => {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await login({ username: email, password });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent component="form" onSubmit={submit} noValidate>
          <Typography component="h1" variant="h5" gutterBottom>
            Marketplace console
          </Typography>
          {problem && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{problem}</Alert>}
          <TextField label="Email" type="email" name="email" autoComplete="username" fullWidth margin="normal" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <TextField label="Password" type="password" name="password" autoComplete="current-password" fullWidth margin="normal" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
            Sign in
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
