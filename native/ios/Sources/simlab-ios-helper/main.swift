// simlab-ios-helper --udid <UDID>: the worker's native helper for one booted simulator.
// Reads requests (JSON lines) on stdin, answers on stdout; see core/wire/ios-helper-protocol.ts.
// Touches go to the simulator's HID through SimulatorKit (one or two fingers per message, as the
// Simulator app sends them for Option-drag pinches); frames come from `simctl io screenshot`.
import Foundation
import HelperProtocol

setvbuf(stdout, nil, _IOLBF, 0)

func argument(_ name: String) -> String? {
    guard let i = CommandLine.arguments.firstIndex(of: name), i + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[i + 1]
}

func reply(_ line: String) {
    FileHandle.standardOutput.write((line + "\n").data(using: .utf8)!)
}

guard let udid = argument("--udid") else {
    FileHandle.standardError.write("usage: simlab-ios-helper --udid <UDID>\n".data(using: .utf8)!)
    exit(64)
}

let hid: SimulatorHID
do {
    hid = try SimulatorHID(udid: udid)
} catch {
    // Still answer, so the worker hears why instead of seeing a dead pipe.
    while let line = readLine() {
        let id = (try? decodeRequest(line))?.id ?? 1
        reply(errorReply(id: id, code: .no_device, message: "\(error)"))
    }
    exit(0)
}

let player = TouchPlayer(hid: hid)
while let line = readLine() {
    let request: Request
    do { request = try decodeRequest(line) } catch {
        reply(errorReply(id: 1, code: .bad_request, message: "\(error)"))
        continue
    }
    switch request {
    case let .hello(id, version):
        if version != protocolVersion {
            reply(errorReply(id: id, code: .version, message: "helper speaks \(protocolVersion), worker \(version)"))
        } else {
            reply(helloReply(id: id, helper: "simlab-ios-helper 0.1.0", screen: hid.screen, multiTouch: true))
        }
    case let .touch(id, events):
        do {
            try player.play(events)
            reply(doneReply(id: id, op: "touch"))
        } catch {
            reply(errorReply(id: id, code: .hid, message: "\(error)"))
        }
    case let .release(id):
        player.releaseAll()
        reply(doneReply(id: id, op: "release"))
    case let .frame(id, quality):
        do {
            let shot = try Screenshot.jpeg(udid: udid, quality: quality)
            reply(frameReply(id: id, width: shot.width, height: shot.height, timestamp: Date().timeIntervalSince1970 * 1000, jpeg: shot.data))
        } catch {
            reply(errorReply(id: id, code: .capture, message: "\(error)"))
        }
    }
}
