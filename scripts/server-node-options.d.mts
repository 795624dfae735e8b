/** Node/V8 options the server runs with (see server-node-options.mjs). */
export declare const SERVER_NODE_OPTIONS: string;
