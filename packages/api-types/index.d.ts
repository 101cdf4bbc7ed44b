// Made by openapi-typescript from GET /v1/openapi.json: regenerate with `npm run api-types`, never edit by hand.
export type paths = {
    "/v1/api/marketplace/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** marketplace/show */
        get: operations["api.marketplace.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/marketplace/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** marketplace/show */
        get: operations["integration.api.marketplace.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** current_user/show */
        get: operations["api.current.user.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/create */
        post: operations["api.current.user.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/create_with_idp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/create_with_idp */
        post: operations["api.current.user.create.with.idp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/update_profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/update_profile */
        post: operations["api.current.user.update.profile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/change_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/change_email */
        post: operations["api.current.user.change.email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/change_password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/change_password */
        post: operations["api.current.user.change.password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/verify_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/verify_email */
        post: operations["api.current.user.verify.email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/send_verification_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/send_verification_email */
        post: operations["api.current.user.send.verification.email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/delete */
        post: operations["api.current.user.delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/password_reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** password_reset/request */
        post: operations["api.password.reset.request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/password_reset/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** password_reset/reset */
        post: operations["api.password.reset.reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/users/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** users/show */
        get: operations["api.users.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/users/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** users/show */
        get: operations["integration.api.users.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/users/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** users/query */
        get: operations["integration.api.users.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/users/update_profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** users/update_profile */
        post: operations["integration.api.users.update.profile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/users/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** users/approve */
        post: operations["integration.api.users.approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/users/update_permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** users/update_permissions */
        post: operations["integration.api.users.update.permissions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/users/verify_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** users/verify_email */
        post: operations["integration.api.users.verify.email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-users/ban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** x-users/ban */
        post: operations["integration.api.x.users.ban"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-users/unban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** x-users/unban */
        post: operations["integration.api.x.users.unban"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the bearer token is (client, scope, expiry, marketplace, user) */
        get: operations["auth.token.details"];
        put?: never;
        /** Issue an access token (OAuth2 grants: client_credentials, password, refresh_token, token_exchange) */
        post: operations["auth.token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/auth_with_idp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with an identity provider's ID token */
        post: operations["auth.auth_with_idp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session of a refresh token */
        post: operations["auth.revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/events/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** events/query */
        get: operations["integration.api.events.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-events/resource_as_of": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** x-events/resource_as_of */
        get: operations["integration.api.x.events.resource.as.of"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/images/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** images/upload */
        post: operations["api.images.upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/images/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** images/upload */
        post: operations["integration.api.images.upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/{marketplaceId}/{imageId}/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An image variant, by the signed link of an image resource */
        get: {
            parameters: {
                query?: {
                    sig?: string;
                };
                header?: never;
                path: {
                    marketplaceId: string;
                    imageId: string;
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The image */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/*": string;
                    };
                };
                /** @description Not modified (ETag) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_files/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_files/create */
        post: operations["api.own.files.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_files/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** own_files/show */
        get: operations["api.own.files.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/file_uploads/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** file_uploads/create */
        post: operations["api.file.uploads.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_file_downloads/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_file_downloads/create */
        post: operations["api.own.file.downloads.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/files/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** files/show */
        get: operations["api.files.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/files/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** files/create */
        post: operations["integration.api.files.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/files/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** files/query */
        get: operations["integration.api.files.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/file_uploads/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** file_uploads/create */
        post: operations["integration.api.file.uploads.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/file_downloads/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** file_downloads/create */
        post: operations["api.file.downloads.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/file_downloads/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** file_downloads/create */
        post: operations["integration.api.file.downloads.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/file_attachments/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** file_attachments/query */
        get: operations["integration.api.file.attachments.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-search-schemas/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The extended-data keys users/query or listings/query filter on */
        get: operations["integration.api.x.search.schemas.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_listings/create */
        post: operations["api.own.listings.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/create_draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_listings/create_draft */
        post: operations["api.own.listings.create.draft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/publish_draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_listings/publish_draft */
        post: operations["api.own.listings.publish.draft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/discard_draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_listings/discard_draft */
        post: operations["api.own.listings.discard.draft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_listings/open */
        post: operations["api.own.listings.open"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_listings/close */
        post: operations["api.own.listings.close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_listings/update */
        post: operations["api.own.listings.update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/add_image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** own_listings/add_image */
        post: operations["api.own.listings.add.image"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** own_listings/show */
        get: operations["api.own.listings.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/own_listings/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** own_listings/query */
        get: operations["api.own.listings.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/listings/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** listings/show */
        get: operations["api.listings.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/listings/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** listings/query */
        get: operations["api.listings.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/listings/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** listings/search */
        get: operations["api.listings.search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/listings/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** listings/show */
        get: operations["integration.api.listings.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/listings/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** listings/query */
        get: operations["integration.api.listings.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/listings/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** listings/create */
        post: operations["integration.api.listings.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/listings/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** listings/update */
        post: operations["integration.api.listings.update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/listings/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** listings/open */
        post: operations["integration.api.listings.open"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/listings/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** listings/close */
        post: operations["integration.api.listings.close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/listings/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** listings/approve */
        post: operations["integration.api.listings.approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/sitemap_data/query_listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** sitemap_data/query_listings */
        get: operations["api.sitemap.data.query.listings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/sitemap_data/query_assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** sitemap_data/query_assets */
        get: operations["api.sitemap.data.query.assets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-assets/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The asset tree's versions, newest first */
        get: operations["integration.api.x.assets.versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-assets/tree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A version's files (default: the latest) */
        get: operations["integration.api.x.assets.tree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-assets/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A JSON asset's text in a version */
        get: operations["integration.api.x.assets.file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-assets/update_json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publishes a new version with one JSON asset changed (console operators) */
        post: operations["integration.api.x.assets.update.json"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Live */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 503 with the reasons while catching up */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ready */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Not ready, and why */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (a bearer METRICS_TOKEN when configured) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The metrics */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/availability_exceptions/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** availability_exceptions/create */
        post: operations["api.availability.exceptions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/availability_exceptions/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** availability_exceptions/delete */
        post: operations["api.availability.exceptions.delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/availability_exceptions/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** availability_exceptions/query */
        get: operations["api.availability.exceptions.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/availability_exceptions/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** availability_exceptions/create */
        post: operations["integration.api.availability.exceptions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/availability_exceptions/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** availability_exceptions/delete */
        post: operations["integration.api.availability.exceptions.delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/availability_exceptions/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** availability_exceptions/query */
        get: operations["integration.api.availability.exceptions.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/timeslots/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** timeslots/query */
        get: operations["api.timeslots.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stock/compare_and_set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stock/compare_and_set */
        post: operations["api.stock.compare.and.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stock_adjustments/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stock_adjustments/create */
        post: operations["api.stock.adjustments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stock_adjustments/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** stock_adjustments/query */
        get: operations["api.stock.adjustments.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/stock/compare_and_set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stock/compare_and_set */
        post: operations["integration.api.stock.compare.and.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/stock_adjustments/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stock_adjustments/create */
        post: operations["integration.api.stock.adjustments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/stock_adjustments/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** stock_adjustments/query */
        get: operations["integration.api.stock.adjustments.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/stock_reservations/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** stock_reservations/show */
        get: operations["integration.api.stock.reservations.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_account/fetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** pay_account/fetch */
        get: operations["api.pay.account.fetch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_account/fetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** stripe_account/fetch */
        get: operations["api.stripe.account.fetch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_account/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pay_account/create */
        post: operations["api.pay.account.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_account/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stripe_account/create */
        post: operations["api.stripe.account.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_account/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pay_account/update */
        post: operations["api.pay.account.update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_account/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stripe_account/update */
        post: operations["api.stripe.account.update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_account_links/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pay_account_links/create */
        post: operations["api.pay.account.links.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_account_links/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stripe_account_links/create */
        post: operations["api.stripe.account.links.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/update_pay_account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/update_pay_account */
        post: operations["api.current.user.update.pay.account"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/update_stripe_account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/update_stripe_account */
        post: operations["api.current.user.update.stripe.account"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/create_pay_account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/create_pay_account */
        post: operations["api.current.user.create.pay.account"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/create_stripe_account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/create_stripe_account */
        post: operations["api.current.user.create.stripe.account"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/delete_pay_account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/delete_pay_account */
        post: operations["api.current.user.delete.pay.account"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/current_user/delete_stripe_account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** current_user/delete_stripe_account */
        post: operations["api.current.user.delete.stripe.account"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_persons/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pay_persons/create */
        post: operations["api.pay.persons.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_persons/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stripe_persons/create */
        post: operations["api.stripe.persons.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_setup_intents/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pay_setup_intents/create */
        post: operations["api.pay.setup.intents.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_setup_intents/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stripe_setup_intents/create */
        post: operations["api.stripe.setup.intents.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_customer/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pay_customer/create */
        post: operations["api.pay.customer.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_customer/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stripe_customer/create */
        post: operations["api.stripe.customer.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_customer/add_payment_method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pay_customer/add_payment_method */
        post: operations["api.pay.customer.add.payment.method"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_customer/add_payment_method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stripe_customer/add_payment_method */
        post: operations["api.stripe.customer.add.payment.method"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/pay_customer/delete_payment_method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pay_customer/delete_payment_method */
        post: operations["api.pay.customer.delete.payment.method"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/stripe_customer/delete_payment_method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stripe_customer/delete_payment_method */
        post: operations["api.stripe.customer.delete.payment.method"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emulator/stripe/v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment emulator: the Stripe.js stand-in script */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The script */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emulator/stripe/v3/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment emulator: the Stripe.js stand-in script */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The script */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emulator/stripe/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment emulator: create a token (Stripe.js stand-in) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description As Stripe answers */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Stripe's error */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emulator/stripe/payment_intents/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment emulator: a payment intent by its client secret */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description As Stripe answers */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Stripe's error */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emulator/stripe/payment_intents/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment emulator: confirm a payment intent */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description As Stripe answers */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Stripe's error */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emulator/stripe/setup_intents/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment emulator: confirm a setup intent */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description As Stripe answers */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Stripe's error */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emulator/connect/onboarding/{marketplace}/{account}/{link}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment emulator: the hosted onboarding page of an account link */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    marketplace: string;
                    account: string;
                    link: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/transactions/initiate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transactions/initiate */
        post: operations["api.transactions.initiate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/transactions/initiate_speculative": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transactions/initiate_speculative */
        post: operations["api.transactions.initiate.speculative"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/transactions/transition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transactions/transition */
        post: operations["api.transactions.transition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/transactions/transition_speculative": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transactions/transition_speculative */
        post: operations["api.transactions.transition.speculative"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/transactions/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** transactions/show */
        get: operations["api.transactions.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/transactions/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** transactions/query */
        get: operations["api.transactions.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/process_transitions/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** process_transitions/query */
        get: operations["api.process.transitions.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/messages/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** messages/send */
        post: operations["api.messages.send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/messages/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** messages/query */
        get: operations["api.messages.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/reviews/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** reviews/query */
        get: operations["api.reviews.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/reviews/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** reviews/show */
        get: operations["api.reviews.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api/bookings/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** bookings/query */
        get: operations["api.bookings.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/transactions/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** transactions/show */
        get: operations["integration.api.transactions.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/transactions/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** transactions/query */
        get: operations["integration.api.transactions.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/transactions/transition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transactions/transition */
        post: operations["integration.api.transactions.transition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/transactions/transition_speculative": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transactions/transition_speculative */
        post: operations["integration.api.transactions.transition.speculative"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/transactions/update_metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transactions/update_metadata */
        post: operations["integration.api.transactions.update.metadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/messages/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** messages/query */
        get: operations["integration.api.messages.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-transactions/operator_transitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** x-transactions/operator_transitions */
        get: operations["integration.api.x.transactions.operator.transitions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-processes/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** x-processes/query */
        get: operations["integration.api.x.processes.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-processes/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** x-processes/show */
        get: operations["integration.api.x.processes.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/subscriptions/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** subscriptions/query */
        get: operations["integration.api.x.webhooks.subscriptions.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/subscriptions/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** subscriptions/show */
        get: operations["integration.api.x.webhooks.subscriptions.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/subscriptions/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** subscriptions/create */
        post: operations["integration.api.x.webhooks.subscriptions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/subscriptions/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** subscriptions/update */
        post: operations["integration.api.x.webhooks.subscriptions.update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/subscriptions/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** subscriptions/delete */
        post: operations["integration.api.x.webhooks.subscriptions.delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/subscriptions/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** subscriptions/rotate_secret */
        post: operations["integration.api.x.webhooks.subscriptions.rotate.secret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/subscriptions/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** subscriptions/replay */
        post: operations["integration.api.x.webhooks.subscriptions.replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/subscriptions/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** subscriptions/test */
        post: operations["integration.api.x.webhooks.subscriptions.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-webhooks/deliveries/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** deliveries/query */
        get: operations["integration.api.x.webhooks.deliveries.query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** x-events/stream */
        get: operations["integration.api.x.events.stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: sign an operator in (sets the session cookie) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the signed-in operator and their marketplaces */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: an Integration API token for one marketplace (CSRF header) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        marketplaceId: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: end the session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-reactors/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retries a stopped reactor (console operators of every marketplace) */
        post: operations["integration.api.x.reactors.resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-mail/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The marketplace's mails in the embedded outbox, newest first (console operators) */
        get: operations["integration.api.x.mail.outbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-payments/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payout accounts, customers and payment intents (console operators) */
        get: operations["integration.api.x.payments.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-emulator/clock_advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Moves the payment emulator's clock ahead (console operators of every marketplace) */
        post: operations["integration.api.x.emulator.clock.advance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration_api/x-emulator/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Empties the marketplace's emulated payment provider (console operators) */
        post: operations["integration.api.x.emulator.reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document, OpenAPI 3.1 as JSON */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description This document, OpenAPI 3.1 as JSON */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document as YAML */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description This document as YAML */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/yaml": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/api": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API reference page */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The API reference page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/api/standalone.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reference page's script (Scalar) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The reference page's script (Scalar) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The operator console (redirects to /console/) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description To /console/ */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The operator console's page and files */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A file of the console */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/assets/pub/{clientId}/a/{alias}/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An asset by alias (latest is the newest version): redirects to its version */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                    alias: string;
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The asset */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data?: unknown;
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                        "application/transit+json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description To the version the alias names */
                301: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/assets/pub/{clientId}/v/{version}/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An asset of a version (immutable) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                    version: string;
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The asset */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data?: unknown;
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                        "application/transit+json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description To the version the alias names */
                301: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/assets/pub/{clientId}/images/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An image asset */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                    file: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The image */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/*": string;
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/storage/upload/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** File storage: PUT a file's bytes to its signed upload link */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "*/*": string;
                };
            };
            responses: {
                /** @description Stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/storage/download/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** File storage: a file by its signed download link */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                "4XX": components["responses"]["Error"];
                "5XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        ResourceRef: {
            /** Format: uuid */
            id: string;
            type: string;
        };
        /** @description One entry per relationship named in `include`: a reference, a list of references or null. */
        Relationships: {
            [key: string]: {
                data: null | components["schemas"]["ResourceRef"] | components["schemas"]["ResourceRef"][];
            };
        };
        /** @description Pagination of a query. Past 10,000 matches only the first `paginationLimit` pages can be read; time-based availability queries are one page without totals (`paginationUnsupported`). */
        PageMeta: {
            totalItems?: number;
            totalPages?: number;
            page: number;
            perPage: number;
            paginationLimit?: number;
            paginationUnsupported?: boolean;
        };
        /** @description Every error answer. The Authentication API adds the OAuth2 `error` and `error_description`. */
        ErrorEnvelope: {
            errors: {
                /** Format: uuid */
                id: string;
                status: number;
                /**
                 * @example validation-missing-key
                 * @example validation-invalid-value
                 * @example validation-disallowed-key
                 * @example not-found
                 * @example forbidden
                 * @example conflict
                 */
                code: string;
                title: string;
                details?: string;
                source?: {
                    path: (string | number)[];
                    /** @enum {string} */
                    type: "body" | "query" | "header";
                };
                meta?: {
                    [key: string]: unknown;
                };
            }[];
            error?: string;
            error_description?: string;
        };
        /** SignUpBody */
        SignUpBody: {
            /** Format: email */
            email: string;
            password: string;
            firstName: string;
            lastName: string;
            displayName?: string | null;
            bio?: string | null;
            /** @description Extended data: any JSON object of at most 50KB. */
            publicData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            protectedData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            privateData?: {
                [key: string]: unknown;
            };
        };
        /** SignUpWithIdpBody */
        SignUpWithIdpBody: {
            idpId: string;
            idpClientId: string;
            idpToken: string;
            /** Format: email */
            email?: string | null;
            firstName?: string | null;
            lastName?: string | null;
            displayName?: string | null;
            bio?: string | null;
            /** @description Extended data: any JSON object of at most 50KB. */
            publicData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            protectedData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            privateData?: {
                [key: string]: unknown;
            };
        };
        /** UpdateOwnProfileBody */
        UpdateOwnProfileBody: {
            firstName?: string | null;
            lastName?: string | null;
            /** Format: uuid */
            profileImageId?: string | null;
            displayName?: string | null;
            bio?: string | null;
            /** @description Extended data: any JSON object of at most 50KB. */
            publicData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            protectedData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            privateData?: {
                [key: string]: unknown;
            };
        };
        /** ChangeEmailBody */
        ChangeEmailBody: {
            currentPassword: string;
            /** Format: email */
            email: string;
        };
        /** ChangePasswordBody */
        ChangePasswordBody: {
            currentPassword: string;
            newPassword: string;
        };
        /** VerifyEmailBody */
        VerifyEmailBody: {
            verificationToken: string;
        };
        /** NoParams */
        NoParams: Record<string, never>;
        /** DeleteAccountBody */
        DeleteAccountBody: {
            currentPassword?: string | null;
            deleteFromStripe?: boolean | null;
        };
        /** PasswordResetRequestBody */
        PasswordResetRequestBody: {
            /** Format: email */
            email: string;
        };
        /** PasswordResetBody */
        PasswordResetBody: {
            /** Format: email */
            email: string;
            passwordResetToken: string;
            newPassword: string;
        };
        /** UpdateUserProfileBody */
        UpdateUserProfileBody: {
            /** Format: uuid */
            id: string;
            /** @description Extended data: any JSON object of at most 50KB. */
            metadata?: {
                [key: string]: unknown;
            };
            displayName?: string | null;
            bio?: string | null;
            /** @description Extended data: any JSON object of at most 50KB. */
            publicData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            protectedData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            privateData?: {
                [key: string]: unknown;
            };
            firstName?: string | null;
            lastName?: string | null;
            /** Format: uuid */
            profileImageId?: string | null;
        };
        /** UserIdBody */
        UserIdBody: {
            /** Format: uuid */
            id: string;
        };
        /** UpdatePermissionsBody */
        UpdatePermissionsBody: {
            postListings?: ("permission/allow" | "permission/deny") | null;
            initiateTransactions?: ("permission/allow" | "permission/deny") | null;
            read?: ("permission/allow" | "permission/deny") | null;
            /** Format: uuid */
            id: string;
        };
        /** VerifyUserEmailBody */
        VerifyUserEmailBody: {
            email: string;
            /** Format: uuid */
            id: string;
        };
        /** CreateOwnFileBody */
        CreateOwnFileBody: {
            name: string;
            mimeType: string;
            size: number;
        };
        /** FileIdBody */
        FileIdBody: {
            /** Format: uuid */
            fileId: string;
        };
        /** CreateFileBody */
        CreateFileBody: {
            /** Format: uuid */
            userId?: string | null;
            name: string;
            mimeType: string;
            size: number;
        };
        /** FileDownloadBody */
        FileDownloadBody: {
            /** Format: uuid */
            fileAttachmentId?: string | null;
            /** Format: uuid */
            fileId?: string | null;
        };
        /** CreateOwnListingBody */
        CreateOwnListingBody: {
            title: string;
            description?: string | null;
            geolocation?: {
                lat: number;
                lng: number;
            } | null;
            price?: {
                amount: number;
                currency: string;
            } | null;
            /** @description An availability plan: type day or time, a time zone and entries. */
            availabilityPlan?: {
                [key: string]: unknown;
            } | null;
            /** @description Extended data: any JSON object of at most 50KB. */
            publicData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            privateData?: {
                [key: string]: unknown;
            };
            images?: string[];
            protectedFileAttachments?: unknown[];
        };
        /** ListingIdBody */
        ListingIdBody: {
            /** Format: uuid */
            id: string;
        };
        /** UpdateOwnListingBody */
        UpdateOwnListingBody: {
            /** Format: uuid */
            id: string;
            title?: string;
            description?: string | null;
            geolocation?: {
                lat: number;
                lng: number;
            } | null;
            price?: {
                amount: number;
                currency: string;
            } | null;
            /** @description An availability plan: type day or time, a time zone and entries. */
            availabilityPlan?: {
                [key: string]: unknown;
            } | null;
            /** @description Extended data: any JSON object of at most 50KB. */
            publicData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            privateData?: {
                [key: string]: unknown;
            };
            images?: string[];
            protectedFileAttachments?: unknown[];
        };
        /** AddImageBody */
        AddImageBody: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            imageId: string;
        };
        /** CreateIntegrationListingBody */
        CreateIntegrationListingBody: {
            /** Format: uuid */
            authorId: string;
            /** @enum {unknown} */
            state: "published" | "pendingApproval";
            /** @description Extended data: any JSON object of at most 50KB. */
            metadata?: {
                [key: string]: unknown;
            };
            description?: string | null;
            geolocation?: {
                lat: number;
                lng: number;
            } | null;
            price?: {
                amount: number;
                currency: string;
            } | null;
            /** @description An availability plan: type day or time, a time zone and entries. */
            availabilityPlan?: {
                [key: string]: unknown;
            } | null;
            /** @description Extended data: any JSON object of at most 50KB. */
            publicData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            privateData?: {
                [key: string]: unknown;
            };
            images?: string[];
            protectedFileAttachments?: unknown[];
            title: string;
        };
        /** UpdateIntegrationListingBody */
        UpdateIntegrationListingBody: {
            /** @description Extended data: any JSON object of at most 50KB. */
            metadata?: {
                [key: string]: unknown;
            };
            description?: string | null;
            geolocation?: {
                lat: number;
                lng: number;
            } | null;
            price?: {
                amount: number;
                currency: string;
            } | null;
            /** @description An availability plan: type day or time, a time zone and entries. */
            availabilityPlan?: {
                [key: string]: unknown;
            } | null;
            /** @description Extended data: any JSON object of at most 50KB. */
            publicData?: {
                [key: string]: unknown;
            };
            /** @description Extended data: any JSON object of at most 50KB. */
            privateData?: {
                [key: string]: unknown;
            };
            images?: string[];
            protectedFileAttachments?: unknown[];
            /** Format: uuid */
            id: string;
            title?: string;
        };
        /** UpdateJsonAssetBody */
        UpdateJsonAssetBody: {
            path: string;
            content: {
                [key: string]: unknown;
            };
        };
        /** CreateExceptionBody */
        CreateExceptionBody: {
            /** Format: uuid */
            listingId: string;
            seats: number;
            /** Format: date-time */
            start: string;
            /** Format: date-time */
            end: string;
        };
        /** ExceptionIdBody */
        ExceptionIdBody: {
            /** Format: uuid */
            id: string;
        };
        /** CompareAndSetBody */
        CompareAndSetBody: {
            /** Format: uuid */
            listingId: string;
            oldTotal?: number;
            newTotal: number;
        };
        /** CreateAdjustmentBody */
        CreateAdjustmentBody: {
            /** Format: uuid */
            listingId: string;
            quantity: number;
        };
        /** CreateAccountBody */
        CreateAccountBody: {
            country: string;
            accountToken?: string | null;
            bankAccountToken?: string | null;
            businessProfileMCC?: string | null;
            businessProfileURL?: string | null;
            businessProfileProductDescription?: string | null;
            requestedCapabilities?: string[] | null;
        };
        /** UpdateAccountBody */
        UpdateAccountBody: {
            accountToken?: string | null;
            bankAccountToken?: string | null;
            businessProfileMCC?: string | null;
            businessProfileURL?: string | null;
            businessProfileProductDescription?: string | null;
            requestedCapabilities?: string[] | null;
        };
        /** AccountLinkBody */
        AccountLinkBody: {
            /** Format: uri */
            failureURL: string;
            /** Format: uri */
            successURL: string;
            type: string;
            collectionOptions?: {
                [key: string]: unknown;
            } | null;
        };
        /** UpdateUserAccountBody */
        UpdateUserAccountBody: {
            accountToken?: string | null;
            bankAccountToken?: string | null;
        };
        /** CreateUserAccountBody */
        CreateUserAccountBody: {
            country: string;
            accountToken?: string | null;
            bankAccountToken?: string | null;
            businessProfileMCC?: string | null;
            businessProfileURL?: string | null;
            businessProfileProductDescription?: string | null;
            requestedCapabilities?: string[] | null;
        };
        /** PersonBody */
        PersonBody: {
            personToken: string;
        };
        /** CreateCustomerBody */
        CreateCustomerBody: {
            stripePaymentMethodId?: string | null;
            stripeCustomerEmail?: string | null;
        };
        /** PaymentMethodBody */
        PaymentMethodBody: {
            stripePaymentMethodId: string;
        };
        /** InitiateBody */
        InitiateBody: {
            processAlias: string;
            transition: string;
            params?: {
                [key: string]: unknown;
            } | null;
        };
        /** TransitionBody */
        TransitionBody: {
            /** Format: uuid */
            id: string;
            transition: string;
            params?: {
                [key: string]: unknown;
            } | null;
        };
        /** SendMessageBody */
        SendMessageBody: {
            /** Format: uuid */
            transactionId: string;
            content: string;
            publicFileAttachments?: unknown[];
        };
        /** UpdateMetadataBody */
        UpdateMetadataBody: {
            /** Format: uuid */
            id: string;
            /** @description Extended data: any JSON object of at most 50KB. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /** CreateSubscriptionBody */
        CreateSubscriptionBody: {
            targetUrl: string;
            eventTypes?: string;
            /** @enum {unknown} */
            format?: "json" | "transit";
            enabled?: boolean;
            startAfterSequenceId?: number;
        };
        /** UpdateSubscriptionBody */
        UpdateSubscriptionBody: {
            /** Format: uuid */
            id: string;
            targetUrl?: string;
            eventTypes?: string;
            /** @enum {unknown} */
            format?: "json" | "transit";
            enabled?: boolean;
        };
        /** SubscriptionIdBody */
        SubscriptionIdBody: {
            /** Format: uuid */
            id: string;
        };
        /** ReplayBody */
        ReplayBody: {
            /** Format: uuid */
            id: string;
            startAfterSequenceId?: number;
            createdAtStart?: string;
        };
        /** ReactorNameBody */
        ReactorNameBody: {
            name: string;
        };
        /** ClockAdvanceBody */
        ClockAdvanceBody: {
            duration: string;
        };
        "Resource.marketplace": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "marketplace";
            attributes: {
                name: string;
                description: string | null;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.currentUser": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "currentUser";
            attributes: {
                banned: boolean;
                deleted: boolean;
                /** @enum {string|null} */
                state: "pendingApproval" | "active" | "banned" | null;
                /** Format: date-time */
                createdAt: string | null;
                email: string | null;
                emailVerified: boolean;
                pendingEmail: string | null;
                stripeConnected: boolean;
                payConnected: boolean;
                identityProviders: {
                    idpId: string;
                    userId: string;
                }[];
                profile: {
                    firstName: string | null;
                    lastName: string | null;
                    displayName: string | null;
                    abbreviatedName: string | null;
                    bio: string | null;
                    publicData: {
                        [key: string]: unknown;
                    };
                    protectedData: {
                        [key: string]: unknown;
                    };
                    privateData: {
                        [key: string]: unknown;
                    };
                    metadata: {
                        [key: string]: unknown;
                    };
                };
                permissions: {
                    /** @enum {string} */
                    postListings?: "permission/allow" | "permission/deny";
                    /** @enum {string} */
                    initiateTransactions?: "permission/allow" | "permission/deny";
                    /** @enum {string} */
                    read?: "permission/allow" | "permission/deny";
                } | null;
                stripePayoutsEnabled: boolean;
                stripeChargesEnabled: boolean;
                payPayoutsEnabled: boolean;
                payChargesEnabled: boolean;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.user": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "user";
            attributes: {
                banned: boolean;
                deleted: boolean;
                /** @enum {string|null} */
                state: "pendingApproval" | "active" | "banned" | null;
                /** Format: date-time */
                createdAt: string | null;
                profile: {
                    displayName: string | null;
                    abbreviatedName: string | null;
                    bio: string | null;
                    publicData: {
                        [key: string]: unknown;
                    } | null;
                    metadata: {
                        [key: string]: unknown;
                    } | null;
                };
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.integrationUser": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "user";
            attributes: {
                banned: boolean;
                deleted: boolean;
                /** @enum {string|null} */
                state: "pendingApproval" | "active" | "banned" | null;
                /** Format: date-time */
                createdAt: string | null;
                email: string | null;
                emailVerified: boolean;
                pendingEmail: string | null;
                stripeConnected: boolean;
                payConnected: boolean;
                identityProviders: {
                    idpId: string;
                    userId: string;
                }[];
                profile: {
                    firstName: string | null;
                    lastName: string | null;
                    displayName: string | null;
                    abbreviatedName: string | null;
                    bio: string | null;
                    publicData: {
                        [key: string]: unknown;
                    };
                    protectedData: {
                        [key: string]: unknown;
                    };
                    privateData: {
                        [key: string]: unknown;
                    };
                    metadata: {
                        [key: string]: unknown;
                    };
                };
                permissions: {
                    /** @enum {string} */
                    postListings?: "permission/allow" | "permission/deny";
                    /** @enum {string} */
                    initiateTransactions?: "permission/allow" | "permission/deny";
                    /** @enum {string} */
                    read?: "permission/allow" | "permission/deny";
                } | null;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.event": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "event";
            attributes: {
                /** Format: date-time */
                createdAt: string;
                sequenceId: number;
                /** Format: uuid */
                marketplaceId: string;
                eventType: string;
                source: string | null;
                /** Format: uuid */
                resourceId: string | null;
                resourceType: string | null;
                /** @description The resource's Integration API view after the event */
                resource: {
                    [key: string]: unknown;
                } | null;
                previousValues: {
                    [key: string]: unknown;
                } | null;
                auditData: {
                    /** Format: uuid */
                    userId: string | null;
                    /** Format: uuid */
                    adminId: string | null;
                    /** Format: uuid */
                    clientId: string | null;
                    /** Format: uuid */
                    requestId: string | null;
                };
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.image": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "image";
            attributes: {
                variants: {
                    [key: string]: {
                        name: string;
                        width: number;
                        height: number;
                        /** Format: uri */
                        url: string;
                    };
                };
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.ownFile": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "ownFile";
            attributes: {
                name: string | null;
                mimeType: string | null;
                size: number | null;
                /** @enum {string|null} */
                state: "pendingUpload" | "pendingVerification" | "available" | "verificationFailed" | null;
                /** Format: date-time */
                createdAt: string | null;
                deleted: boolean;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.fileUpload": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "fileUpload";
            attributes: {
                /** Format: uri */
                url: string;
                /** Format: date-time */
                expiresAt: string;
                /** @constant */
                method: "PUT";
                headers: {
                    "Content-Type": string;
                };
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.ownFileDownload": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "ownFileDownload";
            attributes: {
                /** Format: uri */
                url: string;
                /** Format: date-time */
                expiresAt: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.file": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "file";
            attributes: {
                name: string | null;
                mimeType: string | null;
                size: number | null;
                /** @enum {string|null} */
                state: "pendingUpload" | "pendingVerification" | "available" | "verificationFailed" | null;
                /** Format: date-time */
                createdAt: string | null;
                deleted: boolean;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.fileDownload": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "fileDownload";
            attributes: {
                /** Format: uri */
                url: string;
                /** Format: date-time */
                expiresAt: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.fileAttachment": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "fileAttachment";
            attributes: {
                scope: string;
                /** Format: date-time */
                createdAt: string;
                deleted: boolean;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.searchSchema": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "searchSchema";
            attributes: {
                /** @enum {string} */
                schemaFor: "listing" | "userProfile";
                /** @enum {string} */
                scope: "public" | "metadata" | "private" | "protected";
                key: string;
                /** @enum {string} */
                type: "enum" | "multi-enum" | "boolean" | "long" | "text";
                default?: unknown;
                doc?: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.ownListing": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "ownListing";
            attributes: {
                title: string | null;
                description: string | null;
                geolocation: {
                    lat: number;
                    lng: number;
                } | null;
                /** Format: date-time */
                createdAt: string | null;
                price: {
                    amount: number;
                    currency: string;
                } | null;
                /** @description An availability plan: type day or time, a time zone and entries. */
                availabilityPlan: {
                    [key: string]: unknown;
                } | null;
                /** @enum {string|null} */
                state: "draft" | "pendingApproval" | "published" | "closed" | null;
                deleted: boolean;
                publicData: {
                    [key: string]: unknown;
                } | null;
                metadata: {
                    [key: string]: unknown;
                } | null;
                privateData: {
                    [key: string]: unknown;
                } | null;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.listing": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "listing";
            attributes: {
                title: string | null;
                description: string | null;
                geolocation: {
                    lat: number;
                    lng: number;
                } | null;
                /** Format: date-time */
                createdAt: string | null;
                price: {
                    amount: number;
                    currency: string;
                } | null;
                /** @description An availability plan: type day or time, a time zone and entries. */
                availabilityPlan: {
                    [key: string]: unknown;
                } | null;
                /** @enum {string|null} */
                state: "draft" | "pendingApproval" | "published" | "closed" | null;
                deleted: boolean;
                publicData: {
                    [key: string]: unknown;
                } | null;
                metadata: {
                    [key: string]: unknown;
                } | null;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.integrationListing": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "listing";
            attributes: {
                title: string | null;
                description: string | null;
                geolocation: {
                    lat: number;
                    lng: number;
                } | null;
                /** Format: date-time */
                createdAt: string | null;
                price: {
                    amount: number;
                    currency: string;
                } | null;
                /** @description An availability plan: type day or time, a time zone and entries. */
                availabilityPlan: {
                    [key: string]: unknown;
                } | null;
                /** @enum {string|null} */
                state: "draft" | "pendingApproval" | "published" | "closed" | null;
                deleted: boolean;
                publicData: {
                    [key: string]: unknown;
                } | null;
                metadata: {
                    [key: string]: unknown;
                } | null;
                privateData: {
                    [key: string]: unknown;
                } | null;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.assetVersion": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "assetVersion";
            attributes: {
                version: string;
                number: number;
                /** Format: date-time */
                publishedAt: string;
                added: number;
                modified: number;
                removed: number;
                files: number;
                latest: boolean;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.assetTree": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "assetTree";
            attributes: {
                version: string;
                number: number;
                /** Format: date-time */
                publishedAt: string;
                files: {
                    path: string;
                    /** @enum {string} */
                    kind: "json" | "image";
                    hash: string;
                    changedIn: string;
                }[];
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.assetFile": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "assetFile";
            attributes: {
                path: string;
                version: string;
                hash: string;
                text: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.assetPublication": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "assetPublication";
            attributes: {
                published: boolean;
                version: string | null;
                number: number;
                added: string[];
                modified: string[];
                removed: string[];
                unchanged: number;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.availabilityException": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "availabilityException";
            attributes: {
                seats: number;
                /** Format: date-time */
                start: string;
                /** Format: date-time */
                end: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.timeSlot": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "timeSlot";
            attributes: {
                /** @enum {string} */
                type: "time-slot/day" | "time-slot/time";
                /** Format: date-time */
                start: string;
                /** Format: date-time */
                end: string;
                seats: number;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.stock": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "stock";
            attributes: {
                quantity: number;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.stockAdjustment": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "stockAdjustment";
            attributes: {
                /** Format: date-time */
                at: string;
                quantity: number;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.stockReservation": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "stockReservation";
            attributes: {
                quantity: number;
                /** @enum {string} */
                state: "pending" | "proposed" | "accepted" | "declined" | "cancelled";
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.payAccount": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "payAccount";
            attributes: {
                payAccountId: string;
                payAccountData: {
                    [key: string]: unknown;
                } | null;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.stripeAccount": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "stripeAccount";
            attributes: {
                stripeAccountId: string;
                stripeAccountData: {
                    [key: string]: unknown;
                } | null;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.payAccountLink": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "payAccountLink";
            attributes: {
                /** Format: uri */
                url: string;
                /** Format: date-time */
                expiresAt: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.stripeAccountLink": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "stripeAccountLink";
            attributes: {
                /** Format: uri */
                url: string;
                /** Format: date-time */
                expiresAt: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.payPerson": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "payPerson";
            attributes: {
                payPersonId: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.stripePerson": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "stripePerson";
            attributes: {
                stripePersonId: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.paySetupIntent": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "paySetupIntent";
            attributes: {
                paySetupIntentId: string;
                clientSecret: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.stripeSetupIntent": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "stripeSetupIntent";
            attributes: {
                stripeSetupIntentId: string;
                clientSecret: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.stripeCustomer": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "stripeCustomer";
            attributes: {
                stripeCustomerId: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.transaction": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "transaction";
            attributes: {
                /** Format: date-time */
                createdAt: string;
                processName: string;
                processVersion: number;
                state: string | null;
                lastTransition: string | null;
                /** Format: date-time */
                lastTransitionedAt: string | null;
                transitions: {
                    transition: string;
                    /** Format: date-time */
                    createdAt: string;
                    by: string;
                }[];
                lineItems: {
                    code: string;
                    unitPrice: {
                        amount: number;
                        currency: string;
                    };
                    lineTotal: {
                        amount: number;
                        currency: string;
                    };
                    /** @description A decimal (Transit: a BigDecimal) */
                    quantity?: string;
                    /** @description A decimal (Transit: a BigDecimal) */
                    percentage?: string;
                    seats?: number;
                    /** @description A decimal (Transit: a BigDecimal) */
                    units?: string;
                    includeFor: ("customer" | "provider")[];
                    reversal: boolean;
                }[];
                payinTotal: {
                    amount: number;
                    currency: string;
                } | null;
                payoutTotal: {
                    amount: number;
                    currency: string;
                } | null;
                protectedData: {
                    [key: string]: unknown;
                };
                metadata: {
                    [key: string]: unknown;
                };
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.processTransition": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "processTransition";
            attributes: {
                name: string;
                actor: string[];
                actions: string[];
                params: {
                    req: string[];
                    opt: string[];
                };
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.message": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "message";
            attributes: {
                content: string;
                /** Format: date-time */
                createdAt: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.review": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "review";
            attributes: {
                /** @enum {string} */
                type: "ofProvider" | "ofCustomer";
                /** @enum {string} */
                state: "public" | "pending";
                rating: number | null;
                content: string;
                /** Format: date-time */
                createdAt: string;
                deleted: boolean;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.booking": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "booking";
            attributes: {
                seats: number;
                /** Format: date-time */
                start: string;
                /** Format: date-time */
                end: string;
                /** Format: date-time */
                displayStart: string;
                /** Format: date-time */
                displayEnd: string;
                /** @enum {string} */
                state: "pending" | "proposed" | "accepted" | "declined" | "cancelled";
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.webhookSubscription": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "webhookSubscription";
            attributes: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                marketplaceId: string;
                targetUrl: string;
                eventTypes: string[] | null;
                /** @enum {string} */
                format: "json" | "transit";
                enabled: boolean;
                disabledReason: string | null;
                /** Format: date-time */
                disabledAt: string | null;
                /** Format: date-time */
                createdAt: string;
                generation: number;
                startAfterSequenceId: number;
                /** Format: date-time */
                previousSecretValidUntil: string | null;
                /** @description Only in the answers of create and rotate_secret: the one time it is shown. */
                secret?: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.webhookDelivery": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "webhookDelivery";
            attributes: {
                /** Format: uuid */
                subscriptionId: string;
                attempt: number;
                /** Format: uuid */
                eventId: string;
                sequenceId: number;
                eventType: string;
                generation: number;
                /** Format: date-time */
                at: string;
                /** @enum {string} */
                outcome: "acknowledged" | "failed" | "timeout" | "refused";
                status: number | null;
                latencyMs: number;
                excerpt: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.reactor": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "reactor";
            attributes: {
                name: string;
                resumed: boolean;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.mail": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "mail";
            attributes: {
                to: string;
                template: string;
                subject: string;
                text: string;
                /** Format: date-time */
                sentAt: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.paymentsReport": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "paymentsReport";
            attributes: {
                /** @enum {string} */
                provider: "emulator" | "stripe";
                accounts: unknown[];
                customers: unknown[];
                intents: unknown[];
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.emulatorClock": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "emulatorClock";
            attributes: {
                offsetMs: number;
                advancedBy: string;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        "Resource.paymentEmulator": {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "paymentEmulator";
            attributes: {
                generation: number;
            };
            relationships?: components["schemas"]["Relationships"];
        };
        IncludedResource: {
            /** Format: uuid */
            id: string;
            type: string;
            attributes?: {
                [key: string]: unknown;
            };
            relationships?: components["schemas"]["Relationships"];
        } & (unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown);
    };
    responses: {
        /** @description The error envelope */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
                "application/transit+json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    "api.marketplace.show": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of marketplace resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.marketplace"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.marketplace"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.marketplace"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.marketplace.show": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of marketplace resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.marketplace"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.marketplace"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.marketplace"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.show": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUpBody"];
                "application/transit+json": components["schemas"]["SignUpBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.create.with.idp": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUpWithIdpBody"];
                "application/transit+json": components["schemas"]["SignUpWithIdpBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.update.profile": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOwnProfileBody"];
                "application/transit+json": components["schemas"]["UpdateOwnProfileBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.change.email": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeEmailBody"];
                "application/transit+json": components["schemas"]["ChangeEmailBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.change.password": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordBody"];
                "application/transit+json": components["schemas"]["ChangePasswordBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.verify.email": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyEmailBody"];
                "application/transit+json": components["schemas"]["VerifyEmailBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.send.verification.email": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoParams"];
                "application/transit+json": components["schemas"]["NoParams"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.delete": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of currentUser resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.currentUser"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteAccountBody"];
                "application/transit+json": components["schemas"]["DeleteAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.currentUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.password.reset.request": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetRequestBody"];
                "application/transit+json": components["schemas"]["PasswordResetRequestBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.password.reset.reset": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetBody"];
                "application/transit+json": components["schemas"]["PasswordResetBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.users.show": {
        parameters: {
            query: {
                /** @description id (ShowUserQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.user"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.user"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.users.show": {
        parameters: {
            query?: {
                /** @description id (ShowUserByIdOrEmailQuery) */
                id?: string;
                /** @description email (ShowUserByIdOrEmailQuery) */
                email?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationUser"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationUser"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.users.query": {
        parameters: {
            query?: {
                /** @description createdAtStart (QueryUsersParams) */
                createdAtStart?: string;
                /** @description createdAtEnd (QueryUsersParams) */
                createdAtEnd?: string;
                /** @description sort (QueryUsersParams) */
                sort?: string;
                /** @description Extended-data filters (pub_, meta_, priv_, prot_), by the marketplace's search schemas. */
                filters?: {
                    [key: string]: string;
                };
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationUser"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationUser"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.users.update.profile": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserProfileBody"];
                "application/transit+json": components["schemas"]["UpdateUserProfileBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.users.approve": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserIdBody"];
                "application/transit+json": components["schemas"]["UserIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.users.update.permissions": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePermissionsBody"];
                "application/transit+json": components["schemas"]["UpdatePermissionsBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.users.verify.email": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyUserEmailBody"];
                "application/transit+json": components["schemas"]["VerifyUserEmailBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.users.ban": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserIdBody"];
                "application/transit+json": components["schemas"]["UserIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.users.unban": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of user resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.user"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserIdBody"];
                "application/transit+json": components["schemas"]["UserIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationUser"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "auth.token.details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token's details */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        "client-id": string;
                        scope: string;
                        exp: number;
                        "marketplace-id": string;
                        "user-id"?: string;
                        "user-roles"?: string[];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "auth.token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @constant */
                    grant_type: "client_credentials";
                    client_id: string;
                    client_secret?: string;
                    scope?: string;
                } | {
                    /** @constant */
                    grant_type: "password";
                    client_id: string;
                    client_secret?: string;
                    scope?: string;
                    username: string;
                    password: string;
                } | {
                    /** @constant */
                    grant_type: "refresh_token";
                    client_id: string;
                    client_secret?: string;
                    scope?: string;
                    refresh_token: string;
                } | {
                    /** @constant */
                    grant_type: "token_exchange";
                    client_id: string;
                    client_secret?: string;
                    scope?: string;
                    subject_token: string;
                };
            };
        };
        responses: {
            /** @description The tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @constant */
                        token_type: "bearer";
                        expires_in: number;
                        scope: string;
                        refresh_token?: string;
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "auth.auth_with_idp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    client_id: string;
                    client_secret?: string;
                    idp_id: string;
                    idp_client_id: string;
                    idp_token: string;
                };
            };
        };
        responses: {
            /** @description The tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @constant */
                        token_type: "bearer";
                        expires_in: number;
                        scope: string;
                        refresh_token?: string;
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "auth.revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Always revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        revoked: true;
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.events.query": {
        parameters: {
            query?: {
                /** @description startAfterSequenceId (EventsQueryParams) */
                startAfterSequenceId?: unknown;
                /** @description createdAtStart (EventsQueryParams) */
                createdAtStart?: string;
                /** @description resourceId (EventsQueryParams) */
                resourceId?: string;
                /** @description relatedResourceId (EventsQueryParams) */
                relatedResourceId?: string;
                /** @description eventTypes (EventsQueryParams) */
                eventTypes?: string;
                /** @description perPage (EventsQueryParams) */
                perPage?: unknown;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of event resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.event"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.event"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.event"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.events.resource.as.of": {
        parameters: {
            query: {
                /** @description resourceId (ResourceAsOfQuery) */
                resourceId: string;
                /** @description sequenceId (ResourceAsOfQuery) */
                sequenceId: unknown;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.images.upload": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of image resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.image"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    image: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.image"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.image"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.images.upload": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of image resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.image"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    image: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.image"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.image"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.files.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownFile resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownFile"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOwnFileBody"];
                "application/transit+json": components["schemas"]["CreateOwnFileBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownFile"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownFile"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.files.show": {
        parameters: {
            query: {
                /** @description id (ShowFileQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownFile resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownFile"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownFile"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownFile"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.file.uploads.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of fileUpload resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.fileUpload"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileIdBody"];
                "application/transit+json": components["schemas"]["FileIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.fileUpload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.fileUpload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.file.downloads.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownFileDownload resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownFileDownload"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileIdBody"];
                "application/transit+json": components["schemas"]["FileIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownFileDownload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownFileDownload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.files.show": {
        parameters: {
            query: {
                /** @description id (ShowFileQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of file resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.file"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.file"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.file"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.files.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of file resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.file"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFileBody"];
                "application/transit+json": components["schemas"]["CreateFileBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.file"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.file"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.files.query": {
        parameters: {
            query?: {
                /** @description userId (FilesQueryParams) */
                userId?: string;
                /** @description states (FilesQueryParams) */
                states?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of file resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.file"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.file"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.file"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.file.uploads.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of fileUpload resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.fileUpload"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileIdBody"];
                "application/transit+json": components["schemas"]["FileIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.fileUpload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.fileUpload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.file.downloads.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of fileDownload resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.fileDownload"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileDownloadBody"];
                "application/transit+json": components["schemas"]["FileDownloadBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.fileDownload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.fileDownload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.file.downloads.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of fileDownload resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.fileDownload"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileDownloadBody"];
                "application/transit+json": components["schemas"]["FileDownloadBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.fileDownload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.fileDownload"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.file.attachments.query": {
        parameters: {
            query?: {
                /** @description fileId (FileAttachmentsQuery) */
                fileId?: string;
                /** @description transactionId (FileAttachmentsQuery) */
                transactionId?: string;
                /** @description listingId (FileAttachmentsQuery) */
                listingId?: string;
                /** @description messageId (FileAttachmentsQuery) */
                messageId?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of fileAttachment resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.fileAttachment"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.fileAttachment"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.fileAttachment"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.search.schemas.query": {
        parameters: {
            query: {
                /** @description schemaFor (SearchSchemasQuery) */
                schemaFor: "listing" | "userProfile";
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of searchSchema resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.searchSchema"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.searchSchema"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.searchSchema"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOwnListingBody"];
                "application/transit+json": components["schemas"]["CreateOwnListingBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.create.draft": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOwnListingBody"];
                "application/transit+json": components["schemas"]["CreateOwnListingBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.publish.draft": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingIdBody"];
                "application/transit+json": components["schemas"]["ListingIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.discard.draft": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingIdBody"];
                "application/transit+json": components["schemas"]["ListingIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.open": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingIdBody"];
                "application/transit+json": components["schemas"]["ListingIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.close": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingIdBody"];
                "application/transit+json": components["schemas"]["ListingIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.update": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOwnListingBody"];
                "application/transit+json": components["schemas"]["UpdateOwnListingBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.add.image": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddImageBody"];
                "application/transit+json": components["schemas"]["AddImageBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.show": {
        parameters: {
            query: {
                /** @description id (ShowListingQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.own.listings.query": {
        parameters: {
            query?: {
                /** @description states (OwnListingQueryParams) */
                states?: string;
                /** @description keywords (OwnListingQueryParams) */
                keywords?: string;
                /** @description origin (OwnListingQueryParams) */
                origin?: unknown;
                /** @description bounds (OwnListingQueryParams) */
                bounds?: unknown;
                /** @description price (OwnListingQueryParams) */
                price?: unknown;
                /** @description ids (OwnListingQueryParams) */
                ids?: string;
                /** @description createdAtStart (OwnListingQueryParams) */
                createdAtStart?: string;
                /** @description createdAtEnd (OwnListingQueryParams) */
                createdAtEnd?: string;
                /** @description sort (OwnListingQueryParams) */
                sort?: string;
                /** @description start (OwnListingQueryParams) */
                start?: string;
                /** @description end (OwnListingQueryParams) */
                end?: string;
                /** @description seats (OwnListingQueryParams) */
                seats?: unknown;
                /** @description availability (OwnListingQueryParams) */
                availability?: "day-full" | "day-partial" | "time-full" | "time-partial" | "full" | "partial";
                /** @description minDuration (OwnListingQueryParams) */
                minDuration?: unknown;
                /** @description stockMode (OwnListingQueryParams) */
                stockMode?: "strict" | "match-undefined";
                /** @description minStock (OwnListingQueryParams) */
                minStock?: unknown;
                /** @description Extended-data filters (pub_, meta_), by the marketplace's search schemas. */
                filters?: {
                    [key: string]: string;
                };
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of ownListing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.ownListing"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.ownListing"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.ownListing"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.listings.show": {
        parameters: {
            query: {
                /** @description id (ShowListingQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.listing"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.listing"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.listings.query": {
        parameters: {
            query?: {
                /** @description authorId (PublicListingQueryParams) */
                authorId?: string;
                /** @description author_id (PublicListingQueryParams) */
                author_id?: string;
                /** @description keywords (PublicListingQueryParams) */
                keywords?: string;
                /** @description origin (PublicListingQueryParams) */
                origin?: unknown;
                /** @description bounds (PublicListingQueryParams) */
                bounds?: unknown;
                /** @description price (PublicListingQueryParams) */
                price?: unknown;
                /** @description ids (PublicListingQueryParams) */
                ids?: string;
                /** @description createdAtStart (PublicListingQueryParams) */
                createdAtStart?: string;
                /** @description createdAtEnd (PublicListingQueryParams) */
                createdAtEnd?: string;
                /** @description sort (PublicListingQueryParams) */
                sort?: string;
                /** @description start (PublicListingQueryParams) */
                start?: string;
                /** @description end (PublicListingQueryParams) */
                end?: string;
                /** @description seats (PublicListingQueryParams) */
                seats?: unknown;
                /** @description availability (PublicListingQueryParams) */
                availability?: "day-full" | "day-partial" | "time-full" | "time-partial" | "full" | "partial";
                /** @description minDuration (PublicListingQueryParams) */
                minDuration?: unknown;
                /** @description stockMode (PublicListingQueryParams) */
                stockMode?: "strict" | "match-undefined";
                /** @description minStock (PublicListingQueryParams) */
                minStock?: unknown;
                /** @description Extended-data filters (pub_, meta_), by the marketplace's search schemas. */
                filters?: {
                    [key: string]: string;
                };
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.listing"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.listing"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.listings.search": {
        parameters: {
            query?: {
                /** @description authorId (PublicListingQueryParams) */
                authorId?: string;
                /** @description author_id (PublicListingQueryParams) */
                author_id?: string;
                /** @description keywords (PublicListingQueryParams) */
                keywords?: string;
                /** @description origin (PublicListingQueryParams) */
                origin?: unknown;
                /** @description bounds (PublicListingQueryParams) */
                bounds?: unknown;
                /** @description price (PublicListingQueryParams) */
                price?: unknown;
                /** @description ids (PublicListingQueryParams) */
                ids?: string;
                /** @description createdAtStart (PublicListingQueryParams) */
                createdAtStart?: string;
                /** @description createdAtEnd (PublicListingQueryParams) */
                createdAtEnd?: string;
                /** @description sort (PublicListingQueryParams) */
                sort?: string;
                /** @description start (PublicListingQueryParams) */
                start?: string;
                /** @description end (PublicListingQueryParams) */
                end?: string;
                /** @description seats (PublicListingQueryParams) */
                seats?: unknown;
                /** @description availability (PublicListingQueryParams) */
                availability?: "day-full" | "day-partial" | "time-full" | "time-partial" | "full" | "partial";
                /** @description minDuration (PublicListingQueryParams) */
                minDuration?: unknown;
                /** @description stockMode (PublicListingQueryParams) */
                stockMode?: "strict" | "match-undefined";
                /** @description minStock (PublicListingQueryParams) */
                minStock?: unknown;
                /** @description Extended-data filters (pub_, meta_), by the marketplace's search schemas. */
                filters?: {
                    [key: string]: string;
                };
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.listing"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.listing"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.listings.show": {
        parameters: {
            query: {
                /** @description id (ShowListingQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationListing"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationListing"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.listings.query": {
        parameters: {
            query?: {
                /** @description authorId (IntegrationListingQueryParams) */
                authorId?: string;
                /** @description keywords (IntegrationListingQueryParams) */
                keywords?: string;
                /** @description origin (IntegrationListingQueryParams) */
                origin?: unknown;
                /** @description bounds (IntegrationListingQueryParams) */
                bounds?: unknown;
                /** @description price (IntegrationListingQueryParams) */
                price?: unknown;
                /** @description ids (IntegrationListingQueryParams) */
                ids?: string;
                /** @description createdAtStart (IntegrationListingQueryParams) */
                createdAtStart?: string;
                /** @description createdAtEnd (IntegrationListingQueryParams) */
                createdAtEnd?: string;
                /** @description sort (IntegrationListingQueryParams) */
                sort?: string;
                /** @description start (IntegrationListingQueryParams) */
                start?: string;
                /** @description end (IntegrationListingQueryParams) */
                end?: string;
                /** @description seats (IntegrationListingQueryParams) */
                seats?: unknown;
                /** @description availability (IntegrationListingQueryParams) */
                availability?: "day-full" | "day-partial" | "time-full" | "time-partial" | "full" | "partial";
                /** @description minDuration (IntegrationListingQueryParams) */
                minDuration?: unknown;
                /** @description stockMode (IntegrationListingQueryParams) */
                stockMode?: "strict" | "match-undefined";
                /** @description minStock (IntegrationListingQueryParams) */
                minStock?: unknown;
                /** @description states (IntegrationListingQueryParams) */
                states?: string;
                /** @description Extended-data filters (pub_, meta_), by the marketplace's search schemas. */
                filters?: {
                    [key: string]: string;
                };
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationListing"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationListing"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.listings.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIntegrationListingBody"];
                "application/transit+json": components["schemas"]["CreateIntegrationListingBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.listings.update": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateIntegrationListingBody"];
                "application/transit+json": components["schemas"]["UpdateIntegrationListingBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.listings.open": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingIdBody"];
                "application/transit+json": components["schemas"]["ListingIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.listings.close": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingIdBody"];
                "application/transit+json": components["schemas"]["ListingIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.listings.approve": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of listing resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.listing"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingIdBody"];
                "application/transit+json": components["schemas"]["ListingIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.integrationListing"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.sitemap.data.query.listings": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.sitemap.data.query.assets": {
        parameters: {
            query?: {
                /** @description pathPrefix (QueryAssetsParams) */
                pathPrefix?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.assets.versions": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of assetVersion resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.assetVersion"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.assetVersion"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.assetVersion"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.assets.tree": {
        parameters: {
            query?: {
                /** @description version (AssetTreeQuery) */
                version?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of assetTree resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.assetTree"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.assetTree"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.assetTree"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.assets.file": {
        parameters: {
            query: {
                /** @description path (AssetFileQuery) */
                path: string;
                /** @description version (AssetFileQuery) */
                version?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of assetFile resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.assetFile"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.assetFile"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.assetFile"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.assets.update.json": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of assetPublication resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.assetPublication"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateJsonAssetBody"];
                "application/transit+json": components["schemas"]["UpdateJsonAssetBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.assetPublication"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.assetPublication"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.availability.exceptions.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of availabilityException resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.availabilityException"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateExceptionBody"];
                "application/transit+json": components["schemas"]["CreateExceptionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.availabilityException"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.availabilityException"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.availability.exceptions.delete": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExceptionIdBody"];
                "application/transit+json": components["schemas"]["ExceptionIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.availability.exceptions.query": {
        parameters: {
            query: {
                /** @description listingId (ExceptionQueryParams) */
                listingId: string;
                /** @description start (ExceptionQueryParams) */
                start: string;
                /** @description end (ExceptionQueryParams) */
                end: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of availabilityException resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.availabilityException"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.availabilityException"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.availabilityException"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.availability.exceptions.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of availabilityException resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.availabilityException"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateExceptionBody"];
                "application/transit+json": components["schemas"]["CreateExceptionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.availabilityException"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.availabilityException"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.availability.exceptions.delete": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExceptionIdBody"];
                "application/transit+json": components["schemas"]["ExceptionIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.availability.exceptions.query": {
        parameters: {
            query: {
                /** @description listingId (ExceptionQueryParams) */
                listingId: string;
                /** @description start (ExceptionQueryParams) */
                start: string;
                /** @description end (ExceptionQueryParams) */
                end: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of availabilityException resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.availabilityException"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.availabilityException"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.availabilityException"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.timeslots.query": {
        parameters: {
            query: {
                /** @description listingId (TimeSlotQueryParams) */
                listingId: string;
                /** @description start (TimeSlotQueryParams) */
                start: string;
                /** @description end (TimeSlotQueryParams) */
                end: string;
                /** @description page (TimeSlotQueryParams) */
                page?: unknown;
                /** @description perPage (TimeSlotQueryParams) */
                perPage?: unknown;
                /** @description intervalDuration (TimeSlotQueryParams) */
                intervalDuration?: unknown;
                /** @description maxPerInterval (TimeSlotQueryParams) */
                maxPerInterval?: unknown;
                /** @description minDurationStartingInInterval (TimeSlotQueryParams) */
                minDurationStartingInInterval?: unknown;
                /** @description intervalAlign (TimeSlotQueryParams) */
                intervalAlign?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of timeSlot resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.timeSlot"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.timeSlot"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.timeSlot"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stock.compare.and.set": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stock resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stock"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompareAndSetBody"];
                "application/transit+json": components["schemas"]["CompareAndSetBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stock"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stock"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stock.adjustments.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stockAdjustment resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stockAdjustment"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdjustmentBody"];
                "application/transit+json": components["schemas"]["CreateAdjustmentBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stockAdjustment"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stockAdjustment"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stock.adjustments.query": {
        parameters: {
            query: {
                /** @description listingId (AdjustmentQueryParams) */
                listingId: string;
                /** @description start (AdjustmentQueryParams) */
                start: string;
                /** @description end (AdjustmentQueryParams) */
                end: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stockAdjustment resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stockAdjustment"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stockAdjustment"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stockAdjustment"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.stock.compare.and.set": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stock resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stock"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompareAndSetBody"];
                "application/transit+json": components["schemas"]["CompareAndSetBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stock"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stock"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.stock.adjustments.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stockAdjustment resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stockAdjustment"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdjustmentBody"];
                "application/transit+json": components["schemas"]["CreateAdjustmentBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stockAdjustment"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stockAdjustment"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.stock.adjustments.query": {
        parameters: {
            query: {
                /** @description listingId (AdjustmentQueryParams) */
                listingId: string;
                /** @description start (AdjustmentQueryParams) */
                start: string;
                /** @description end (AdjustmentQueryParams) */
                end: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stockAdjustment resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stockAdjustment"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stockAdjustment"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stockAdjustment"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.stock.reservations.show": {
        parameters: {
            query: {
                /** @description id (ShowReservationQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stockReservation resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stockReservation"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stockReservation"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stockReservation"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.account.fetch": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of payAccount resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.payAccount"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.payAccount"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.payAccount"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.account.fetch": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeAccount resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeAccount"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeAccount"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeAccount"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.account.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of payAccount resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.payAccount"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountBody"];
                "application/transit+json": components["schemas"]["CreateAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.payAccount"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.payAccount"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.account.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeAccount resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeAccount"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountBody"];
                "application/transit+json": components["schemas"]["CreateAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeAccount"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeAccount"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.account.update": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of payAccount resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.payAccount"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAccountBody"];
                "application/transit+json": components["schemas"]["UpdateAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.payAccount"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.payAccount"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.account.update": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeAccount resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeAccount"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAccountBody"];
                "application/transit+json": components["schemas"]["UpdateAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeAccount"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeAccount"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.account.links.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of payAccountLink resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.payAccountLink"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountLinkBody"];
                "application/transit+json": components["schemas"]["AccountLinkBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.payAccountLink"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.payAccountLink"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.account.links.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeAccountLink resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeAccountLink"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountLinkBody"];
                "application/transit+json": components["schemas"]["AccountLinkBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeAccountLink"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeAccountLink"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.update.pay.account": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserAccountBody"];
                "application/transit+json": components["schemas"]["UpdateUserAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.update.stripe.account": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserAccountBody"];
                "application/transit+json": components["schemas"]["UpdateUserAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.create.pay.account": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserAccountBody"];
                "application/transit+json": components["schemas"]["CreateUserAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.create.stripe.account": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserAccountBody"];
                "application/transit+json": components["schemas"]["CreateUserAccountBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.delete.pay.account": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoParams"];
                "application/transit+json": components["schemas"]["NoParams"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.current.user.delete.stripe.account": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoParams"];
                "application/transit+json": components["schemas"]["NoParams"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.persons.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of payPerson resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.payPerson"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonBody"];
                "application/transit+json": components["schemas"]["PersonBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.payPerson"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.payPerson"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.persons.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripePerson resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripePerson"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonBody"];
                "application/transit+json": components["schemas"]["PersonBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripePerson"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripePerson"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.setup.intents.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of paySetupIntent resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.paySetupIntent"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoParams"];
                "application/transit+json": components["schemas"]["NoParams"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.paySetupIntent"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.paySetupIntent"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.setup.intents.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeSetupIntent resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeSetupIntent"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoParams"];
                "application/transit+json": components["schemas"]["NoParams"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeSetupIntent"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeSetupIntent"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.customer.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeCustomer resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeCustomer"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCustomerBody"];
                "application/transit+json": components["schemas"]["CreateCustomerBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.customer.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeCustomer resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeCustomer"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCustomerBody"];
                "application/transit+json": components["schemas"]["CreateCustomerBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.customer.add.payment.method": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeCustomer resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeCustomer"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentMethodBody"];
                "application/transit+json": components["schemas"]["PaymentMethodBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.customer.add.payment.method": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeCustomer resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeCustomer"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentMethodBody"];
                "application/transit+json": components["schemas"]["PaymentMethodBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.pay.customer.delete.payment.method": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeCustomer resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeCustomer"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoParams"];
                "application/transit+json": components["schemas"]["NoParams"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.stripe.customer.delete.payment.method": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of stripeCustomer resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.stripeCustomer"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoParams"];
                "application/transit+json": components["schemas"]["NoParams"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.stripeCustomer"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.transactions.initiate": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InitiateBody"];
                "application/transit+json": components["schemas"]["InitiateBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.transactions.initiate.speculative": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InitiateBody"];
                "application/transit+json": components["schemas"]["InitiateBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.transactions.transition": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransitionBody"];
                "application/transit+json": components["schemas"]["TransitionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.transactions.transition.speculative": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransitionBody"];
                "application/transit+json": components["schemas"]["TransitionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.transactions.show": {
        parameters: {
            query: {
                /** @description id (IdQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.transactions.query": {
        parameters: {
            query?: {
                /** @description only (OwnTransactionQueryParams) */
                only?: "sale" | "order";
                /** @description lastTransitions (OwnTransactionQueryParams) */
                lastTransitions?: string;
                /** @description states (OwnTransactionQueryParams) */
                states?: string;
                /** @description processNames (OwnTransactionQueryParams) */
                processNames?: string;
                /** @description hasMessage (OwnTransactionQueryParams) */
                hasMessage?: "true" | "false";
                /** @description hasPayin (OwnTransactionQueryParams) */
                hasPayin?: "true" | "false";
                /** @description hasBooking (OwnTransactionQueryParams) */
                hasBooking?: "true" | "false";
                /** @description hasStockReservation (OwnTransactionQueryParams) */
                hasStockReservation?: "true" | "false";
                /** @description bookingStates (OwnTransactionQueryParams) */
                bookingStates?: string;
                /** @description bookingStart (OwnTransactionQueryParams) */
                bookingStart?: string;
                /** @description bookingEnd (OwnTransactionQueryParams) */
                bookingEnd?: string;
                /** @description stockReservationStates (OwnTransactionQueryParams) */
                stockReservationStates?: string;
                /** @description createdAtStart (OwnTransactionQueryParams) */
                createdAtStart?: string;
                /** @description createdAtEnd (OwnTransactionQueryParams) */
                createdAtEnd?: string;
                /** @description sort (OwnTransactionQueryParams) */
                sort?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.process.transitions.query": {
        parameters: {
            query?: {
                /** @description transactionId (TransactionIdQuery) */
                transactionId?: string;
                /** @description transaction_id (TransactionIdQuery) */
                transaction_id?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of processTransition resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.processTransition"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.processTransition"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.processTransition"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.messages.send": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of message resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.message"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendMessageBody"];
                "application/transit+json": components["schemas"]["SendMessageBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.message"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.message"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.messages.query": {
        parameters: {
            query?: {
                /** @description ids (MessagesQueryParams) */
                ids?: string;
                /** @description transactionId (MessagesQueryParams) */
                transactionId?: string;
                /** @description transaction_id (MessagesQueryParams) */
                transaction_id?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of message resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.message"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.message"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.message"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.reviews.query": {
        parameters: {
            query?: {
                /** @description listingId (ReviewsQueryParams) */
                listingId?: string;
                /** @description listing_id (ReviewsQueryParams) */
                listing_id?: string;
                /** @description subjectId (ReviewsQueryParams) */
                subjectId?: string;
                /** @description subject_id (ReviewsQueryParams) */
                subject_id?: string;
                /** @description type (ReviewsQueryParams) */
                type?: string;
                /** @description state (ReviewsQueryParams) */
                state?: string;
                /** @description transactionId (ReviewsQueryParams) */
                transactionId?: string;
                /** @description transaction_id (ReviewsQueryParams) */
                transaction_id?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of review resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.review"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.review"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.review"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.reviews.show": {
        parameters: {
            query: {
                /** @description id (IdQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of review resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.review"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.review"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.review"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "api.bookings.query": {
        parameters: {
            query?: {
                /** @description listingId (BookingsQueryParams) */
                listingId?: string;
                /** @description listing_id (BookingsQueryParams) */
                listing_id?: string;
                /** @description start (BookingsQueryParams) */
                start?: string;
                /** @description end (BookingsQueryParams) */
                end?: string;
                /** @description state (BookingsQueryParams) */
                state?: string;
                /** @description states (BookingsQueryParams) */
                states?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of booking resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.booking"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.booking"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.booking"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.transactions.show": {
        parameters: {
            query: {
                /** @description id (IdQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.transactions.query": {
        parameters: {
            query?: {
                /** @description userId (IntegrationTransactionQueryParams) */
                userId?: string;
                /** @description customerId (IntegrationTransactionQueryParams) */
                customerId?: string;
                /** @description providerId (IntegrationTransactionQueryParams) */
                providerId?: string;
                /** @description listingId (IntegrationTransactionQueryParams) */
                listingId?: string;
                /** @description lastTransitions (IntegrationTransactionQueryParams) */
                lastTransitions?: string;
                /** @description states (IntegrationTransactionQueryParams) */
                states?: string;
                /** @description processNames (IntegrationTransactionQueryParams) */
                processNames?: string;
                /** @description hasMessage (IntegrationTransactionQueryParams) */
                hasMessage?: "true" | "false";
                /** @description hasPayin (IntegrationTransactionQueryParams) */
                hasPayin?: "true" | "false";
                /** @description hasBooking (IntegrationTransactionQueryParams) */
                hasBooking?: "true" | "false";
                /** @description hasStockReservation (IntegrationTransactionQueryParams) */
                hasStockReservation?: "true" | "false";
                /** @description bookingStates (IntegrationTransactionQueryParams) */
                bookingStates?: string;
                /** @description bookingStart (IntegrationTransactionQueryParams) */
                bookingStart?: string;
                /** @description bookingEnd (IntegrationTransactionQueryParams) */
                bookingEnd?: string;
                /** @description stockReservationStates (IntegrationTransactionQueryParams) */
                stockReservationStates?: string;
                /** @description createdAtStart (IntegrationTransactionQueryParams) */
                createdAtStart?: string;
                /** @description createdAtEnd (IntegrationTransactionQueryParams) */
                createdAtEnd?: string;
                /** @description sort (IntegrationTransactionQueryParams) */
                sort?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.transactions.transition": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransitionBody"];
                "application/transit+json": components["schemas"]["TransitionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.transactions.transition.speculative": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransitionBody"];
                "application/transit+json": components["schemas"]["TransitionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.transactions.update.metadata": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of transaction resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.transaction"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMetadataBody"];
                "application/transit+json": components["schemas"]["UpdateMetadataBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.transaction"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.messages.query": {
        parameters: {
            query?: {
                /** @description transactionId (TransactionIdQuery) */
                transactionId?: string;
                /** @description transaction_id (TransactionIdQuery) */
                transaction_id?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of message resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.message"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.message"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.message"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.transactions.operator.transitions": {
        parameters: {
            query: {
                /** @description id (IdQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.processes.query": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.processes.show": {
        parameters: {
            query: {
                /** @description name (ProcessVersionQuery) */
                name: string;
                /** @description version (ProcessVersionQuery) */
                version: unknown;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.subscriptions.query": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of webhookSubscription resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.webhookSubscription"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.webhookSubscription"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.webhookSubscription"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.subscriptions.show": {
        parameters: {
            query: {
                /** @description id (SubscriptionIdQuery) */
                id: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of webhookSubscription resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.webhookSubscription"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.webhookSubscription"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.webhookSubscription"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.subscriptions.create": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of webhookSubscription resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.webhookSubscription"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubscriptionBody"];
                "application/transit+json": components["schemas"]["CreateSubscriptionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.subscriptions.update": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of webhookSubscription resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.webhookSubscription"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubscriptionBody"];
                "application/transit+json": components["schemas"]["UpdateSubscriptionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.subscriptions.delete": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of webhookSubscription resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.webhookSubscription"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionIdBody"];
                "application/transit+json": components["schemas"]["SubscriptionIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.subscriptions.rotate.secret": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of webhookSubscription resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.webhookSubscription"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionIdBody"];
                "application/transit+json": components["schemas"]["SubscriptionIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.subscriptions.replay": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of webhookSubscription resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.webhookSubscription"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayBody"];
                "application/transit+json": components["schemas"]["ReplayBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.webhookSubscription"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.subscriptions.test": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionIdBody"];
                "application/transit+json": components["schemas"]["SubscriptionIdBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: {
                            [key: string]: unknown;
                        } | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.webhooks.deliveries.query": {
        parameters: {
            query: {
                /** @description subscriptionId (DeliveriesQuery) */
                subscriptionId: string;
                /** @description perPage (DeliveriesQuery) */
                perPage?: unknown;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of webhookDelivery resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.webhookDelivery"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.webhookDelivery"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.webhookDelivery"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.events.stream": {
        parameters: {
            query?: {
                /** @description startAfterSequenceId (EventStreamQuery) */
                startAfterSequenceId?: unknown;
                /** @description eventTypes (EventStreamQuery) */
                eventTypes?: string;
                /** @description resourceId (EventStreamQuery) */
                resourceId?: string;
                /** @description relatedResourceId (EventStreamQuery) */
                relatedResourceId?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events until the client leaves; each `event` message's `data` is one event resource as JSON, its `id` the sequenceId; an `end` message says why the stream ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.reactors.resume": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of reactor resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.reactor"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReactorNameBody"];
                "application/transit+json": components["schemas"]["ReactorNameBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.reactor"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.reactor"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.mail.outbox": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of mail resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.mail"?: string;
                /** @description The page, from 1. */
                page?: string;
                /** @description Results per page, 1 to 100 (default 100). */
                perPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.mail"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.mail"][];
                        included?: components["schemas"]["IncludedResource"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.payments.show": {
        parameters: {
            query?: {
                /** @description userId (PaymentsShowQuery) */
                userId?: string;
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of paymentsReport resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.paymentsReport"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.paymentsReport"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.paymentsReport"];
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.emulator.clock.advance": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of emulatorClock resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.emulatorClock"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockAdvanceBody"];
                "application/transit+json": components["schemas"]["ClockAdvanceBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.emulatorClock"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.emulatorClock"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
    "integration.api.x.emulator.reset": {
        parameters: {
            query?: {
                /** @description Relationships to include, comma-separated, nested with dots (`author.profileImage`); `limit.<relationship>` caps a list, `imageVariant.<name>` defines a custom image variant. */
                include?: string;
                /** @description Only these attributes of paymentEmulator resources (comma-separated paths, nested with dots); a named attribute the type does not have is null. Any other `fields.<type>` too. */
                "fields.paymentEmulator"?: string;
                /** @description Answer with the whole resource instead of its reference. */
                expand?: "true" | "false" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoParams"];
                "application/transit+json": components["schemas"]["NoParams"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Resource.paymentEmulator"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                    "application/transit+json": {
                        data: components["schemas"]["Resource.paymentEmulator"] | {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            relationships?: components["schemas"]["Relationships"];
                        };
                        included?: components["schemas"]["IncludedResource"][];
                        meta?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Error"];
        };
    };
}
