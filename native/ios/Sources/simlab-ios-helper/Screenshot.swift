// A frame for the worker: `simctl io screenshot` as JPEG at the requested quality.
import AppKit
import Foundation

enum Screenshot {
    struct Shot { let data: Data; let width: Int; let height: Int }

    static func jpeg(udid: String, quality: Int) throws -> Shot {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("simlab-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
        process.arguments = ["simctl", "io", udid, "screenshot", "--type=png", file.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let image = NSBitmapImageRep(data: try Data(contentsOf: file)),
              let jpeg = image.representation(using: .jpeg, properties: [.compressionFactor: Double(quality) / 100]) else {
            throw NSError(domain: "simlab", code: 1, userInfo: [NSLocalizedDescriptionKey: "simctl io screenshot failed"])
        }
        return Shot(data: jpeg, width: image.pixelsWide, height: image.pixelsHigh)
    }
}
