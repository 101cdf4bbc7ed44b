import { IsDefined, IsIn, IsInt, IsOptional, IsString, Length, Matches, Min, ValidateBy } from 'class-validator';
import { IsMoney, IsUuidString, Optional } from '../validation';
import { dtoSchema } from './dto-schema';

class Example {
  @IsDefined() @IsUuidString() id!: string;
  @IsOptional() @IsString() @Length(1, 100) title?: string | null;
  @Optional() @IsIn(['json', 'transit']) format?: string;
  @IsOptional() @Matches(/^\d{1,9}$/) page?: string;
  @IsOptional() @IsInt() @Min(0) startAfter?: number;
  @IsOptional() @IsMoney() price?: unknown;
}

class Undescribed {
  @IsDefined() @ValidateBy({ name: 'isMystery', validator: { validate: () => true } }) mystery!: unknown;
}

describe('dtoSchema: class-validator metadata as JSON Schema', () => {
  const schema = dtoSchema(Example);

  it('requires what @IsDefined requires, refuses unknown keys', () => {
    expect(schema.required).toEqual(['id']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.id).toEqual({ type: 'string', format: 'uuid' });
  });

  it('maps the built-in decorators to keywords, and @IsOptional to nullable', () => {
    expect(schema.properties.title).toEqual({ type: ['string', 'null'], minLength: 1, maxLength: 100 });
    expect(schema.properties.page).toEqual({ anyOf: [{ pattern: '^\\d{1,9}$' }, { type: 'null' }] });
    expect(schema.properties.startAfter).toEqual({ type: ['integer', 'null'], minimum: 0 });
  });

  it('keeps null out where Optional() validates it', () => {
    expect(schema.properties.format).toEqual({ enum: ['json', 'transit'] });
  });

  it("takes a custom constraint's own schema", () => {
    expect(schema.properties.price).toMatchObject({ type: ['object', 'null'], required: ['amount', 'currency'] });
  });

  it('refuses to describe a constraint it has no schema for', () => {
    expect(() => dtoSchema(Undescribed)).toThrow(/isMystery of Undescribed.mystery/);
  });
});
