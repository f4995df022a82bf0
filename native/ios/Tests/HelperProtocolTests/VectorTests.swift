// The same vectors the TypeScript tests read (core/wire/ios-helper-protocol.test.ts): every
// valid request decodes, every invalid one is refused, and replies encode to lines that the
// TypeScript schema accepts (checked there against replies.json's shapes).
import XCTest
@testable import HelperProtocol

final class VectorTests: XCTestCase {
    private func vectors(_ name: String) throws -> (valid: [String], invalid: [String]) {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "vectors"))
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: [String]]
        return (doc["valid"] ?? [], doc["invalid"] ?? [])
    }

    func testRequestsDecodeAsTheSchemaSays() throws {
        let v = try vectors("requests")
        for line in v.valid { XCTAssertNoThrow(try decodeRequest(line), line) }
        for line in v.invalid { XCTAssertThrowsError(try decodeRequest(line), line) }
    }

    func testTouchEventsKeepTheirOrderAndTimes() throws {
        let v = try vectors("requests")
        guard case let .touch(_, events) = try decodeRequest(v.valid[2]) else { return XCTFail("not a touch") }
        XCTAssertEqual(events.map(\.finger), [0, 1, 0, 1])
        XCTAssertEqual(events.map(\.t), [0, 0, 300, 300])
    }

    func testRepliesEncodeLikeTheVectors() throws {
        let v = try vectors("replies")
        let hello = helloReply(id: 1, helper: "simlab-ios-helper 0.1.0", screen: Screen(w: 402, h: 874, scale: 3), multiTouch: true)
        let expected = try JSONSerialization.jsonObject(with: Data(v.valid[0].utf8)) as! NSDictionary
        let got = try JSONSerialization.jsonObject(with: Data(hello.utf8)) as! NSDictionary
        XCTAssertEqual(got, expected)
        XCTAssertEqual(doneReply(id: 2, op: "touch"), "{\"id\":2,\"ok\":true,\"op\":\"touch\"}")
    }
}
