/** A method or combination the law does not allow: `path` names the input, `message` the reason (Japanese). */
export class ConsumptionTaxRefusal extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConsumptionTaxRefusal';
  }
}
