import type { Delivery } from '../../core/contract/envelope.js';
import { SimlabError } from '../../core/contract/envelope.js';
import type { DeviceBridge } from '../bridge.js';

/**
 * What one command has sent to the device so far, so that a failure is reported with an
 * honest delivery: nothing sent is `not_delivered` (retry safe), a failure while sending is
 * `delivery_uncertain`, a failure after everything was sent is `delivered_unverified`.
 */
export class DeliveryLedger {
  private state: 'idle' | 'sending' | 'sent' = 'idle';
  /** Pieces of input that went out whole. */
  private completed = 0;

  constructor(private readonly bridge: DeviceBridge) {}

  get sentSomething(): boolean {
    return this.state !== 'idle';
  }

  private abandoned = false;

  /** The command was given up (it overran its deadline): nothing more may reach the device. */
  abandon(): void {
    this.abandoned = true;
  }

  /** Stops a given-up command at its next step. */
  checkAlive(): void {
    if (this.abandoned) throw new SimlabError('TIMEOUT', 'the command was given up');
  }

  /** Runs one piece of device input; if it fails, every held finger and key is released. */
  async send<T>(input: () => Promise<T>): Promise<T> {
    this.checkAlive();
    this.state = 'sending';
    try {
      const result = await input();
      this.state = 'sent';
      this.completed++;
      return result;
    } catch (err) {
      await this.bridge.releaseAll().catch(() => undefined);
      throw err;
    }
  }

  /** The error as the contract reports it, given what reached the device. */
  errorOf(err: unknown): SimlabError {
    const delivery: Delivery | undefined =
      this.state === 'idle' ? undefined : this.state === 'sending' ? 'delivery_uncertain' : 'delivered_unverified';
    if (err instanceof SimlabError) {
      if (!delivery) return err;
      // A bridge refuses bad input before sending it: the first piece refused means nothing went out.
      const refused = this.completed === 0 && (err.code === 'INVALID_ARGS' || err.code === 'UNSUPPORTED');
      if (refused && err.options.delivery === undefined) return err;
      const declared = err.options.delivery;
      // A later stage that knows better (e.g. a failed post-condition) keeps its own delivery.
      if (declared && declared !== 'not_delivered' && declared !== 'unknown') return err;
      return err.withDelivery(delivery);
    }
    const message = err instanceof Error ? err.message : String(err);
    return new SimlabError('INTERNAL', message, { delivery: delivery ?? 'not_delivered' });
  }
}
