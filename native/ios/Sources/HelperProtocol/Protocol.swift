// The helper's side of core/wire/ios-helper-protocol.ts: one JSON object per line. Decoding is
// strict in the same places as the TypeScript schema (the shared vectors in Tests/vectors check
// both sides agree).
import Foundation

public let protocolVersion = 1

public struct TouchEvent: Codable, Equatable {
    public enum Phase: String, Codable { case down, move, up }
    public let t: Double
    public let finger: Int
    public let phase: Phase
    public let x: Double
    public let y: Double
}

public enum Request: Equatable {
    case hello(id: Int, version: Int)
    case touch(id: Int, events: [TouchEvent])
    case release(id: Int)
    case frame(id: Int, quality: Int)

    public var id: Int {
        switch self {
        case let .hello(id, _), let .touch(id, _), let .release(id), let .frame(id, _): return id
        }
    }
}

public enum ProtocolError: Error, Equatable {
    case badRequest(String)
}

private struct RawRequest: Decodable {
    let id: Int?
    let op: String?
    let version: Int?
    let events: [TouchEvent]?
    let quality: Int?
}

/// Decodes one request line; throws badRequest with the reason when the TypeScript schema would refuse it.
public func decodeRequest(_ line: String) throws -> Request {
    guard let data = line.data(using: .utf8) else { throw ProtocolError.badRequest("not UTF-8") }
    let raw: RawRequest
    do { raw = try JSONDecoder().decode(RawRequest.self, from: data) } catch {
        throw ProtocolError.badRequest("not a request: \(error)")
    }
    guard let id = raw.id, id >= 1 else { throw ProtocolError.badRequest("id must be a whole number >= 1") }
    switch raw.op {
    case "hello":
        guard let version = raw.version, version >= 1 else { throw ProtocolError.badRequest("hello needs a version") }
        return .hello(id: id, version: version)
    case "touch":
        guard let events = raw.events, !events.isEmpty, events.count <= 20_000 else {
            throw ProtocolError.badRequest("touch needs 1 to 20000 events")
        }
        for e in events where e.finger < 0 || e.finger > 9 || e.t < 0 || e.t > 120_000 {
            throw ProtocolError.badRequest("event out of range: finger \(e.finger), t \(e.t)")
        }
        return .touch(id: id, events: events)
    case "release":
        return .release(id: id)
    case "frame":
        guard let q = raw.quality, (1...100).contains(q) else { throw ProtocolError.badRequest("quality is 1-100") }
        return .frame(id: id, quality: q)
    default:
        throw ProtocolError.badRequest("unknown op \(raw.op ?? "none")")
    }
}

public struct Screen: Codable, Equatable {
    public let w: Double
    public let h: Double
    public let scale: Double
    public init(w: Double, h: Double, scale: Double) { self.w = w; self.h = h; self.scale = scale }
}

public enum ErrorCode: String, Codable { case no_device, hid, capture, bad_request, version }

/// One reply line, encoded with sorted keys so the same reply is the same bytes.
public func encodeReply(_ fields: [String: Any]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

public func helloReply(id: Int, helper: String, screen: Screen, multiTouch: Bool) -> String {
    encodeReply(["id": id, "ok": true, "op": "hello", "version": protocolVersion, "helper": helper,
                 "screen": ["w": screen.w, "h": screen.h, "scale": screen.scale], "multiTouch": multiTouch])
}

public func doneReply(id: Int, op: String) -> String {
    encodeReply(["id": id, "ok": true, "op": op])
}

public func frameReply(id: Int, width: Int, height: Int, timestamp: Double, jpeg: Data) -> String {
    encodeReply(["id": id, "ok": true, "op": "frame", "width": width, "height": height,
                 "timestamp": timestamp, "jpeg": jpeg.base64EncodedString()])
}

public func errorReply(id: Int, code: ErrorCode, message: String) -> String {
    encodeReply(["id": id, "ok": false, "error": ["code": code.rawValue, "message": String(message.prefix(2000))]])
}
