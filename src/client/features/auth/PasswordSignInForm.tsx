/** E-mail and password sign-in. */
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordSignInSchema } from '../../../shared/contracts/auth';
import { blueprintField } from '../../ui/forms';
import { useSignIn } from './useSignIn';

type Values = { email: string; password: string };

export function PasswordSignInForm() {
  const { signIn, busy } = useSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(passwordSignInSchema) as never });
  return (
    <form onSubmit={handleSubmit((v) => signIn({ kind: 'password', email: v.email, password: v.password }))} noValidate>
      <FormGroup
        label="Email"
        labelFor="signin-email"
        intent={errors.email ? Intent.DANGER : Intent.NONE}
        helperText={errors.email?.message}
      >
        <InputGroup id="signin-email" type="email" autoComplete="username" autoFocus large {...blueprintField(register, 'email')} />
      </FormGroup>
      <FormGroup
        label="Password"
        labelFor="signin-password"
        intent={errors.password ? Intent.DANGER : Intent.NONE}
        helperText={errors.password?.message}
      >
        <InputGroup
          id="signin-password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          large
          {...blueprintField(register, 'password')}
          rightElement={
            <Button
              variant="minimal"
              icon={showPassword ? 'eye-off' : 'eye-open'}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              onClick={() => setShowPassword(!showPassword)}
            />
          }
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy} text="Sign in" />
    </form>
  );
}
