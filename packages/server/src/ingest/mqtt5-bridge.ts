import { Duplex, PassThrough } from 'node:stream';
import mqttPacket, { type Packet } from 'mqtt-packet';

/** MQTT 3.1.1 CONNACK return codes as MQTT 5 reason codes. */
const CONNACK_REASON: Record<number, number> = { 0: 0, 1: 0x84, 2: 0x85, 3: 0x88, 4: 0x86, 5: 0x87 };
/** DISCONNECT reason "disconnect with will message": the client wants its will published. */
const DISCONNECT_WITH_WILL = 0x04;

/**
 * The protocol level in a CONNECT packet's first bytes: 4 for 3.1.1, 5 for MQTT 5, 3 for 3.1;
 * 'more' when the bytes do not reach it yet; null when this is not a CONNECT.
 */
export function connectProtocolLevel(bytes: Buffer): number | 'more' | null {
  if (bytes.length < 2) return 'more';
  if (bytes[0] !== 0x10) return null;
  let index = 1;
  while (index < 5 && index < bytes.length && ((bytes[index] ?? 0) & 0x80) !== 0) index++;
  index++;
  if (bytes.length < index + 2) return 'more';
  const levelAt = index + 2 + bytes.readUInt16BE(index);
  if (bytes.length <= levelAt) return 'more';
  return bytes[levelAt] ?? null;
}

/** A client's MQTT 5 packet as MQTT 3.1.1 for the broker; 'close' ends the connection (its will is published). */
function toBroker(packet: Packet, pendingUnsubscribes: Map<number, number>): Packet | 'close' | null {
  switch (packet.cmd) {
    case 'connect':
      return {
        cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: packet.clientId, clean: packet.clean ?? true, keepalive: packet.keepalive,
        ...(packet.username !== undefined ? { username: packet.username } : {}),
        ...(packet.password !== undefined ? { password: packet.password } : {}),
        ...(packet.will ? { will: { topic: packet.will.topic, payload: packet.will.payload, qos: packet.will.qos, retain: packet.will.retain } } : {}),
      };
    case 'publish':
      return { cmd: 'publish', topic: packet.topic, payload: packet.payload, qos: packet.qos, retain: packet.retain, dup: packet.dup, ...(packet.messageId !== undefined ? { messageId: packet.messageId } : {}) };
    case 'subscribe':
      return { cmd: 'subscribe', messageId: packet.messageId, subscriptions: packet.subscriptions.map((entry) => ({ topic: entry.topic, qos: entry.qos })) };
    case 'unsubscribe':
      pendingUnsubscribes.set(packet.messageId ?? 0, packet.unsubscriptions.length);
      return { cmd: 'unsubscribe', messageId: packet.messageId, unsubscriptions: packet.unsubscriptions };
    case 'puback':
    case 'pubrec':
    case 'pubrel':
    case 'pubcomp':
      return { cmd: packet.cmd, messageId: packet.messageId ?? 0 };
    case 'pingreq':
      return { cmd: 'pingreq' };
    case 'disconnect':
      return packet.reasonCode === DISCONNECT_WITH_WILL ? 'close' : { cmd: 'disconnect' };
    default:
      return 'close';
  }
}

/**
 * PUBACK reason codes for the next PUBACK of a message id, per bridged connection (the stream the
 * broker reads): the embedded broker notes here that a message was dropped, and the bridge answers
 * the MQTT 5 client with that reason instead of 0 (success).
 */
export const pubackReasons = new WeakMap<Duplex, Map<number, number>>();

/** The broker's MQTT 3.1.1 packet as MQTT 5 for the client. */
function toClient(packet: Packet, pendingUnsubscribes: Map<number, number>, reasons: Map<number, number>): Packet {
  switch (packet.cmd) {
    case 'puback': {
      const reasonCode = reasons.get(packet.messageId ?? 0);
      if (reasonCode === undefined) return packet;
      reasons.delete(packet.messageId ?? 0);
      return { cmd: 'puback', messageId: packet.messageId ?? 0, reasonCode };
    }
    case 'connack':
      return { cmd: 'connack', sessionPresent: packet.sessionPresent, reasonCode: CONNACK_REASON[packet.returnCode ?? 0] ?? 0x80 };
    case 'unsuback': {
      const count = pendingUnsubscribes.get(packet.messageId ?? 0) ?? 1;
      pendingUnsubscribes.delete(packet.messageId ?? 0);
      return { cmd: 'unsuback', messageId: packet.messageId, granted: Array.from({ length: count }, () => 0) };
    }
    default:
      return packet;
  }
}

/**
 * Lets an MQTT 5 client use the embedded broker, which speaks 3.1.1 (Aedes): the client's
 * packets are read as MQTT 5 and handed to the broker as 3.1.1, and the broker's answers go
 * back as MQTT 5. Properties are dropped (no topic aliases are granted, so clients send none);
 * a DISCONNECT asking for the will closes the connection so the broker publishes it.
 * `initial` holds the bytes already read from the socket (the CONNECT).
 */
export function bridgeMqtt5(socket: Duplex, initial: Buffer, handle: (stream: Duplex) => void): void {
  const inbound = new PassThrough();
  const outbound = new PassThrough();
  const inner = Duplex.from({ readable: inbound, writable: outbound });
  const fromClient = mqttPacket.parser({ protocolVersion: 5 });
  const fromBroker = mqttPacket.parser({ protocolVersion: 4 });
  const pendingUnsubscribes = new Map<number, number>();
  const reasons = new Map<number, number>();
  pubackReasons.set(inner, reasons);
  const close = () => {
    socket.destroy();
    inner.destroy();
  };
  fromClient.on('packet', (packet) => {
    const converted = toBroker(packet, pendingUnsubscribes);
    if (converted === 'close') return close();
    if (converted) inbound.write(mqttPacket.generate(converted, { protocolVersion: 4 }));
  });
  fromClient.on('error', close);
  fromBroker.on('packet', (packet) => {
    if (!socket.destroyed) socket.write(mqttPacket.generate(toClient(packet, pendingUnsubscribes, reasons), { protocolVersion: 5 }));
  });
  fromBroker.on('error', close);
  outbound.on('data', (chunk: Buffer) => fromBroker.parse(chunk));
  socket.on('data', (chunk: Buffer) => fromClient.parse(chunk));
  socket.on('error', close);
  socket.on('close', close);
  inner.on('close', () => socket.end());
  handle(inner);
  fromClient.parse(initial);
  socket.resume();
}
