import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../shared/command-context';
import type { UserPaymentsState } from '../domain/user-payments';
import { AccountParams, PaymentAccounts } from '../payment-accounts';

/**
 * The payment-account commands of the Marketplace API, one message and handler each. The rules and the provider
 * calls live in `PaymentAccounts` (a provider call before the decision, keyed by the state it saw, then the append).
 */
export class CreatePayAccountCommand {
  constructor(readonly ctx: CommandContext, readonly userId: string, readonly params: AccountParams & { country: string }) {}
}
export class UpdatePayAccountCommand {
  constructor(readonly ctx: CommandContext, readonly userId: string, readonly params: AccountParams) {}
}
export class DeletePayAccountCommand {
  constructor(readonly ctx: CommandContext, readonly userId: string) {}
}
export class CreatePayAccountLinkCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly params: { successURL: string; failureURL: string; type: string; collectionOptions?: Record<string, string>; origin: string },
  ) {}
}
export class CreatePayPersonCommand {
  constructor(readonly ctx: CommandContext, readonly userId: string, readonly personToken: string) {}
}
export class CreateSetupIntentCommand {
  constructor(readonly ctx: CommandContext, readonly userId: string) {}
}
export class CreatePayCustomerCommand {
  constructor(readonly ctx: CommandContext, readonly userId: string, readonly paymentMethodId: string | undefined, readonly email: string | undefined) {}
}
export class AddPaymentMethodCommand {
  constructor(readonly ctx: CommandContext, readonly userId: string, readonly paymentMethodId: string) {}
}
export class DeletePaymentMethodCommand {
  constructor(readonly ctx: CommandContext, readonly userId: string) {}
}

@CommandHandler(CreatePayAccountCommand)
export class CreatePayAccountHandler implements ICommandHandler<CreatePayAccountCommand, UserPaymentsState> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: CreatePayAccountCommand) {
    return this.accounts.createAccount(c.ctx, c.userId, c.params);
  }
}

@CommandHandler(UpdatePayAccountCommand)
export class UpdatePayAccountHandler implements ICommandHandler<UpdatePayAccountCommand, UserPaymentsState> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: UpdatePayAccountCommand) {
    return this.accounts.updateAccount(c.ctx, c.userId, c.params);
  }
}

@CommandHandler(DeletePayAccountCommand)
export class DeletePayAccountHandler implements ICommandHandler<DeletePayAccountCommand, void> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: DeletePayAccountCommand) {
    return this.accounts.deleteAccount(c.ctx, c.userId);
  }
}

@CommandHandler(CreatePayAccountLinkCommand)
export class CreatePayAccountLinkHandler implements ICommandHandler<CreatePayAccountLinkCommand, { url: string; expiresAt: Date }> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: CreatePayAccountLinkCommand) {
    return this.accounts.createAccountLink(c.ctx, c.userId, c.params);
  }
}

@CommandHandler(CreatePayPersonCommand)
export class CreatePayPersonHandler implements ICommandHandler<CreatePayPersonCommand, { id: string; stripePersonId: string }> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: CreatePayPersonCommand) {
    return this.accounts.createPerson(c.ctx, c.userId, c.personToken);
  }
}

@CommandHandler(CreateSetupIntentCommand)
export class CreateSetupIntentHandler implements ICommandHandler<CreateSetupIntentCommand, { id: string; stripeSetupIntentId: string; clientSecret: string }> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: CreateSetupIntentCommand) {
    return this.accounts.createSetupIntent(c.ctx, c.userId);
  }
}

@CommandHandler(CreatePayCustomerCommand)
export class CreatePayCustomerHandler implements ICommandHandler<CreatePayCustomerCommand, UserPaymentsState> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: CreatePayCustomerCommand) {
    return this.accounts.createCustomer(c.ctx, c.userId, c.paymentMethodId, c.email);
  }
}

@CommandHandler(AddPaymentMethodCommand)
export class AddPaymentMethodHandler implements ICommandHandler<AddPaymentMethodCommand, UserPaymentsState> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: AddPaymentMethodCommand) {
    return this.accounts.addPaymentMethod(c.ctx, c.userId, c.paymentMethodId);
  }
}

@CommandHandler(DeletePaymentMethodCommand)
export class DeletePaymentMethodHandler implements ICommandHandler<DeletePaymentMethodCommand, UserPaymentsState> {
  constructor(private readonly accounts: PaymentAccounts) {}
  execute(c: DeletePaymentMethodCommand) {
    return this.accounts.deletePaymentMethod(c.ctx, c.userId);
  }
}

export const PAYMENT_ACCOUNT_HANDLERS = [
  CreatePayAccountHandler,
  UpdatePayAccountHandler,
  DeletePayAccountHandler,
  CreatePayAccountLinkHandler,
  CreatePayPersonHandler,
  CreateSetupIntentHandler,
  CreatePayCustomerHandler,
  AddPaymentMethodHandler,
  DeletePaymentMethodHandler,
];
