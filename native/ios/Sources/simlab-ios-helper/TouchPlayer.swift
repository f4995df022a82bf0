// Plays a timeline of per-finger events on this process's clock: after all events of one instant
// are applied, the fingers that are down are sent as one HID message (down, dragged or up).
import Foundation
import HelperProtocol

enum TouchError: Error, CustomStringConvertible {
    case tooManyFingers(Int)
    var description: String {
        switch self {
        case let .tooManyFingers(n): return "\(n) fingers down at once; the simulator's HID takes at most 2"
        }
    }
}

final class TouchPlayer {
    private let hid: SimulatorHID
    private var down: [Int: CGPoint] = [:]

    init(hid: SimulatorHID) { self.hid = hid }

    func play(_ events: [TouchEvent]) throws {
        let start = DispatchTime.now().uptimeNanoseconds
        var i = 0
        while i < events.count {
            let t = events[i].t
            let due = start + UInt64(t * 1_000_000)
            let now = DispatchTime.now().uptimeNanoseconds
            if due > now { usleep(useconds_t((due - now) / 1000)) }
            let before = down
            var lifted: [CGPoint] = []
            while i < events.count && events[i].t == t {
                let e = events[i]
                let p = CGPoint(x: e.x, y: e.y)
                switch e.phase {
                case .down, .move: down[e.finger] = p
                case .up:
                    down[e.finger] = nil
                    lifted.append(p)
                }
                i += 1
            }
            if down.count > 2 { releaseAll(); throw TouchError.tooManyFingers(down.count) }
            let points = down.keys.sorted().compactMap { down[$0] }
            if points.isEmpty {
                try hid.send(phase: .up, points: before.isEmpty ? lifted : before.keys.sorted().compactMap { before[$0] })
            } else if before.isEmpty || before.count != points.count {
                if !before.isEmpty { try hid.send(phase: .up, points: before.keys.sorted().compactMap { before[$0] }) }
                try hid.send(phase: .down, points: points)
            } else {
                try hid.send(phase: .dragged, points: points)
            }
        }
    }

    func releaseAll() {
        let points = down.keys.sorted().compactMap { down[$0] }
        down.removeAll()
        if !points.isEmpty { try? hid.send(phase: .up, points: points) }
    }
}
