/**
 * Binance's error answers: `{code, msg}` with its HTTP status (https://developers.binance.com,
 * "Error codes"). Bots and ccxt read the code (and for a few the text), so the texts that ccxt
 * matches are Binance's own, in English; a refusal of one of our use cases carries its translated
 * text in `msg` under the code Binance gives that kind of refusal.
 */
export class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
  toBody() {
    return { code: this.code, msg: this.message };
  }
}

export const unknownError = () => new BinanceError(400, -1000, 'An unknown error occurred while processing the request.');
export const tooManyRequests = (limit: number) => new BinanceError(429, -1003, `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`);
export const outsideRecvWindow = () => new BinanceError(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
export const badSignature = () => new BinanceError(400, -1022, 'Signature for this request is not valid.');
export const illegalParameter = (name: string, why = '') => new BinanceError(400, -1100, `Illegal characters found in parameter '${name}'${why ? `; ${why}` : ''}.`);
export const duplicateParameter = (name: string) => new BinanceError(400, -1101, `Duplicate values for parameter '${name}'.`);
export const mandatoryParameter = (name: string) => new BinanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
export const unreadParameter = (name: string) => new BinanceError(400, -1104, `Not all sent parameters were read; parameter '${name}' is not read on this endpoint.`);
export const parameterNotRequired = (name: string) => new BinanceError(400, -1106, `Parameter '${name}' sent when not required.`);
export const unsupported = (name: string, value: string) => new BinanceError(400, -1100, `Illegal characters found in parameter '${name}'; '${value}' is not supported on OpenEx.`);
export const invalidTimeInForce = () => new BinanceError(400, -1115, 'Invalid timeInForce.');
export const invalidOrderType = () => new BinanceError(400, -1116, 'Invalid orderType.');
export const invalidSide = () => new BinanceError(400, -1117, 'Invalid side.');
export const invalidInterval = () => new BinanceError(400, -1120, 'Invalid interval.');
export const invalidSymbol = () => new BinanceError(400, -1121, 'Invalid symbol.');
/** A body in any form but a form's: only the query and a form body are signed as sent (context.ts). */
export const unsupportedContentType = () => new BinanceError(400, -1100, 'Unsupported content type; send parameters in the query string or as application/x-www-form-urlencoded.');
export const invalidCancelRestrictions = () => new BinanceError(400, -1145, 'cancelRestrictions has to be either ONLY_NEW or ONLY_PARTIALLY_FILLED.');
export const invalidSymbolStatus = () => new BinanceError(400, -1122, 'Invalid symbolStatus.');
export const invalidTickerType = () => new BinanceError(400, -1139, 'Invalid ticker type.');
export const recvWindowTooLarge = () => new BinanceError(400, -1131, 'recvWindow must be less than 60000');
/** An order one of the symbol's exchangeInfo filters refuses (ccxt reads -1013 as InvalidOrder). */
export const filterFailure = (filter: string) => new BinanceError(400, -1013, `Filter failure: ${filter}`);
export const orderRejected = (msg: string) => new BinanceError(400, -2010, msg);
export const insufficientBalance = () => new BinanceError(400, -2010, 'Account has insufficient balance for requested action.');
export const cancelRejected = (msg = 'Unknown order sent.') => new BinanceError(400, -2011, msg);
/**
 * The engine could not be asked (no process holds its market for a moment, a takeover): nothing was
 * done. Binance's -1001 on HTTP 503, which ccxt reads as OperationFailed, a failure to retry.
 */
export const engineUnreachable = () => new BinanceError(503, -1001, 'Internal error; unable to process your request. Please try again.');
/**
 * The engine was asked and did not answer in time: the order may have been placed or cancelled.
 * Binance's HTTP 503 "execution status unknown" (-1007; ccxt's RequestTimeout): check, or retry with
 * the same client order id, which cannot place a second order.
 */
export const engineNoAnswer = () => new BinanceError(503, -1007, 'Timeout waiting for response from backend server. Send status unknown; execution status unknown.');
/** Spot's "market process unavailable" refusals as Binance answers them; undefined for any other. */
export const unavailableRefusal = (key: string): BinanceError | undefined =>
  key === 'spotMarketUnavailable' ? engineUnreachable() : key === 'spotMarketNoAnswer' ? engineNoAnswer() : undefined;
export const orderMissing = () => new BinanceError(400, -2013, 'Order does not exist.');
export const keyFormatInvalid = () => new BinanceError(401, -2014, 'API-key format invalid.');
export const keyRejected = () => new BinanceError(401, -2015, 'Invalid API-key, IP, or permissions for action.');
export const reduceOnlyRejected = () => new BinanceError(400, -2022, 'ReduceOnly Order is rejected.');
export const marginTypeUnchanged = () => new BinanceError(400, -4046, 'No need to change margin type.');
export const listenKeyMissing = () => new BinanceError(400, -1125, 'This listenKey does not exist.');
