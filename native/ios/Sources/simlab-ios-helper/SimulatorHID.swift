// The simulator's HID through Xcode's private frameworks, looked up at run time (they have no
// headers): CoreSimulator finds the device, SimulatorKit's SimDeviceLegacyHIDClient sends Indigo
// messages built by IndigoHIDMessageForMouseNSEvent, which takes a second point for two fingers.
// Positions are ratios of the screen in points.
import Foundation
import HelperProtocol

enum HIDError: Error, CustomStringConvertible {
    case framework(String), device(String), client(String)
    var description: String {
        switch self {
        case let .framework(s): return "Xcode framework missing: \(s)"
        case let .device(s): return "simulator: \(s)"
        case let .client(s): return "HID client: \(s)"
        }
    }
}

enum TouchPhase { case down, dragged, up }

private typealias MessageForMouseEvent = @convention(c) (
    UnsafeMutablePointer<CGPoint>, UnsafeMutablePointer<CGPoint>?, UInt32, Int, Bool
) -> UnsafeMutableRawPointer?

private let indigoTargetScreen: UInt32 = 0x32
private let leftMouseDown = 1, leftMouseUp = 2, leftMouseDragged = 6

final class SimulatorHID {
    let screen: Screen
    private let client: NSObject
    private let makeMessage: MessageForMouseEvent
    private let queue = DispatchQueue(label: "simlab.hid")

    init(udid: String) throws {
        let developer = try SimulatorHID.developerDir()
        guard dlopen("/Library/Developer/PrivateFrameworks/CoreSimulator.framework/CoreSimulator", RTLD_NOW) != nil else {
            throw HIDError.framework("CoreSimulator")
        }
        guard let kit = dlopen("\(developer)/Library/PrivateFrameworks/SimulatorKit.framework/SimulatorKit", RTLD_NOW) else {
            throw HIDError.framework("SimulatorKit")
        }
        guard let symbol = dlsym(kit, "IndigoHIDMessageForMouseNSEvent") else { throw HIDError.framework("IndigoHIDMessageForMouseNSEvent") }
        makeMessage = unsafeBitCast(symbol, to: MessageForMouseEvent.self)

        guard let contextClass = NSClassFromString("SimServiceContext") as? NSObject.Type else { throw HIDError.framework("SimServiceContext") }
        let context = contextClass.perform(NSSelectorFromString("sharedServiceContextForDeveloperDir:error:"), with: developer, with: nil)?
            .takeUnretainedValue() as? NSObject
        let set = context?.perform(NSSelectorFromString("defaultDeviceSetWithError:"), with: nil)?.takeUnretainedValue() as? NSObject
        let devices = set?.value(forKey: "devices") as? [NSObject] ?? []
        guard let device = devices.first(where: { ($0.value(forKey: "UDID") as? NSUUID)?.uuidString == udid }) else {
            throw HIDError.device("no simulator \(udid)")
        }
        guard (device.value(forKey: "stateString") as? String) == "Booted" else { throw HIDError.device("\(udid) is not booted") }

        guard let clientClass = NSClassFromString("SimulatorKit.SimDeviceLegacyHIDClient") as? NSObject.Type else {
            throw HIDError.framework("SimDeviceLegacyHIDClient")
        }
        let allocated = clientClass.perform(NSSelectorFromString("alloc"))!.takeUnretainedValue() as! NSObject
        guard let made = allocated.perform(NSSelectorFromString("initWithDevice:error:"), with: device, with: nil)?.takeUnretainedValue() as? NSObject else {
            throw HIDError.client("could not connect to \(udid)")
        }
        client = made
        screen = try SimulatorHID.screenSize(device: device)
    }

    func send(phase: TouchPhase, points: [CGPoint]) throws {
        guard let first = points.first else { return }
        var p0 = CGPoint(x: first.x / screen.w, y: first.y / screen.h)
        var p1 = points.count > 1 ? CGPoint(x: points[1].x / screen.w, y: points[1].y / screen.h) : CGPoint.zero
        let type = phase == .down ? leftMouseDown : phase == .up ? leftMouseUp : leftMouseDragged
        let message = points.count > 1
            ? makeMessage(&p0, &p1, indigoTargetScreen, type, false)
            : makeMessage(&p0, nil, indigoTargetScreen, type, false)
        guard let message else { throw HIDError.client("no Indigo message for \(points.count) point(s)") }
        let sent = DispatchSemaphore(value: 0)
        let completion: @convention(block) (NSError?) -> Void = { _ in sent.signal() }
        let selector = NSSelectorFromString("sendWithMessage:freeWhenDone:completionQueue:completion:")
        typealias Send = @convention(c) (NSObject, Selector, UnsafeMutableRawPointer, Bool, DispatchQueue, Any) -> Void
        let send = unsafeBitCast(client.method(for: selector), to: Send.self)
        send(client, selector, message, true, queue, completion)
        if sent.wait(timeout: .now() + 2) == .timedOut { throw HIDError.client("the simulator did not take the touch within 2 s") }
    }

    private static func developerDir() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcode-select")
        process.arguments = ["-p"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let path = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.isEmpty else { throw HIDError.framework("xcode-select -p printed nothing") }
        return path
    }

    /// The main screen's size in points from the device type (pixels over scale).
    private static func screenSize(device: NSObject) throws -> Screen {
        let type = device.value(forKey: "deviceType") as? NSObject
        guard let pixels = type?.value(forKey: "mainScreenSize") as? CGSize, let scale = type?.value(forKey: "mainScreenScale") as? Float, scale > 0 else {
            throw HIDError.device("no screen size for its device type")
        }
        return Screen(w: Double(pixels.width) / Double(scale), h: Double(pixels.height) / Double(scale), scale: Double(scale))
    }
}
