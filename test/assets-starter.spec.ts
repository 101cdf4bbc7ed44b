import { prepareTree } from '../src/assets/asset-preparation';
import type { JsonAssetFile } from '../src/assets/domain/asset-tree.events';
import { ACCESS_CONTROL_PATH, starterSources } from '../src/assets/starter-tree';
import { DEFAULT_SETTINGS } from '../src/marketplaces/domain/marketplace.events';

/**
 * The starter tree against what the Sharetribe Web Template (v12) reads on every page. Paths and rules are taken
 * from the template's source: src/config/configDefault.js (appCdnAssets), server/api-util/sdk.js (commission,
 * branding, access control), the page ducks (landing page, terms, privacy), src/util/configHelpers.js
 * (hasMandatoryConfigs, mergeSearchConfig, validListingTypes) and src/transactions/transaction.js (processes).
 */
const APP_CDN_ASSETS = [
  '/content/translations.json',
  '/content/footer.json',
  '/content/top-bar.json',
  '/design/branding.json',
  '/design/layout.json',
  '/general/localization.json',
  '/general/access-control.json',
  '/users/user-types.json',
  '/users/user-fields.json',
  '/listings/listing-categories.json',
  '/listings/listing-types.json',
  '/listings/listing-fields.json',
  '/listings/listing-search.json',
  '/transactions/minimum-transaction-size.json',
  '/integrations/analytics.json',
  '/integrations/google-search-console.json',
  '/integrations/map.json',
];
const SERVER_ASSETS = ['/transactions/commission.json'];
const PAGE_ASSETS = ['/content/pages/landing-page.json', '/content/pages/terms-of-service.json', '/content/pages/privacy-policy.json'];

const PROCESSES: Record<string, string[]> = {
  'default-purchase': ['item'],
  'default-booking': ['day', 'night', 'hour', 'fixed'],
  'default-inquiry': ['inquiry'],
  'default-negotiation': ['offer', 'request'],
  'default-download': ['file'],
};
const BUILT_IN_PUBLIC_DATA_KEYS = [
  'listingType', 'transactionProcessAlias', 'unitType', 'location', 'pickupEnabled', 'shippingEnabled',
  'shippingPriceInSubunitsOneItem', 'shippingPriceInSubunitsAdditionalItems', 'categoryLevel1', 'categoryLevel2',
  'categoryLevel3', 'cardStyle',
];

describe('the starter asset tree', () => {
  let assets: Map<string, any>;

  beforeAll(async () => {
    // Prepared as a publication prepares it (references resolved, formats checked), without writing anything.
    const files = await prepareTree('11111111-1111-4111-8111-111111111111', await starterSources(DEFAULT_SETTINGS), {}, { blobs: null });
    assets = new Map(files.filter((f): f is JsonAssetFile => f.kind === 'json').map((f) => [f.path, JSON.parse(f.json!)]));
  });

  it('has every asset the Web Template loads', () => {
    for (const path of [...APP_CDN_ASSETS, ...SERVER_ASSETS, ...PAGE_ASSETS]) expect({ path, present: assets.has(path) }).toEqual({ path, present: true });
  });

  it('passes the template’s mandatory configuration check (hasMandatoryConfigs)', () => {
    const branding = assets.get('/design/branding.json');
    expect(branding.logo._ref).toEqual(expect.objectContaining({ type: 'imageAsset', id: expect.any(String) }));
    expect(assets.get('/listings/listing-types.json').listingTypes.length).toBeGreaterThan(0);
    expect(Array.isArray(assets.get('/listings/listing-fields.json').listingFields)).toBe(true);
    expect(assets.get('/transactions/minimum-transaction-size.json').listingMinimumPrice).toEqual({ type: 'subunit', amount: expect.any(Number) });
    for (const field of assets.get('/listings/listing-fields.json').listingFields) expect(BUILT_IN_PUBLIC_DATA_KEYS).not.toContain(field.key);
  });

  it('brands with a logo whose variants fit the logo settings', () => {
    const { logo, logoSettings, marketplaceColors } = assets.get('/design/branding.json');
    expect(logoSettings.format).toBe('image');
    expect([24, 36, 48]).toContain(logoSettings.height);
    expect(logo._ref.variants.scaled).toEqual({ height: logoSettings.height });
    expect(marketplaceColors.mainColor).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('has listing types on the default processes with their unit types', () => {
    for (const type of assets.get('/listings/listing-types.json').listingTypes) {
      expect(type).toEqual(expect.objectContaining({ id: expect.any(String), label: expect.any(String) }));
      expect(type.transactionProcess.alias).toBe(`${type.transactionProcess.name}/release-1`);
      expect(PROCESSES[type.transactionProcess.name]).toContain(type.unitType);
    }
  });

  it('has a search configuration with mainSearch and the filters mergeSearchConfig reads', () => {
    const search = assets.get('/listings/listing-search.json');
    expect(['keywords', 'location']).toContain(search.mainSearch.searchType);
    expect(search.dateRangeFilter.schemaType).toBe('dates');
    expect(search.priceFilter).toEqual(expect.objectContaining({ schemaType: 'price', min: expect.any(Number), max: expect.any(Number) }));
    expect(search.priceFilter.max).toBeGreaterThan(search.priceFilter.min);
  });

  it('has pages made of sections, a footer and a top bar', () => {
    for (const path of [...PAGE_ASSETS, '/content/pages/about.json']) {
      const page = assets.get(path);
      expect(page.sections.length).toBeGreaterThan(0);
      for (const section of page.sections) expect(section).toEqual(expect.objectContaining({ sectionType: expect.any(String), sectionId: expect.any(String) }));
      expect(page.meta.pageTitle).toEqual({ fieldType: 'metaTitle', content: expect.any(String) });
    }
    const footer = assets.get('/content/footer.json');
    expect(footer.blocks.every((b: any) => b.blockType === 'footerBlock' && b.text.fieldType === 'markdown')).toBe(true);
    for (const link of assets.get('/content/top-bar.json').customLinks) expect(['primary', 'secondary']).toContain(link.group);
  });

  it('has users, localization and commission the template understands', () => {
    expect(assets.get('/users/user-types.json').userTypes[0]).toEqual(expect.objectContaining({ id: expect.any(String), label: expect.any(String) }));
    expect(Array.isArray(assets.get('/users/user-fields.json').userFields)).toBe(true);
    expect(assets.get('/general/localization.json')).toEqual(expect.objectContaining({ locale: 'en-US', currency: 'USD' }));
    const { providerCommission, customerCommission } = assets.get('/transactions/commission.json');
    expect(providerCommission).toEqual({ percentage: expect.any(Number), minimum_amount: expect.any(Number) });
    expect(customerCommission).toEqual({ percentage: expect.any(Number), minimum_amount: expect.any(Number) });
  });

  it('states the marketplace’s access settings in access-control.json', async () => {
    const sources = await starterSources({ ...DEFAULT_SETTINGS, private: true, requireUserApproval: true, requireListingApproval: true, fileUploadAndDownloadDisabled: true });
    const asset = JSON.parse(sources.find((s) => s.path === ACCESS_CONTROL_PATH)!.data.toString('utf8'));
    expect(asset.marketplace).toEqual({ private: true, fileUploadAndDownloadDisabled: true });
    expect(asset.users).toEqual(
      expect.objectContaining({ requireApprovalToJoin: true, requirePermissionToPostListings: false, requireApprovalToJoinOptions: { callToAction: { type: 'none' } } }),
    );
    expect(asset.listings.requireApprovalToPublish).toBe(true);
    expect(assets.get(ACCESS_CONTROL_PATH).marketplace).toEqual({ private: false, fileUploadAndDownloadDisabled: false });
  });
});
