import Foundation
import Redux
import ReduxInspect
import Testing

/// A state whose size the action chooses.
private struct SizedState: Codable, Sendable, Equatable {
    var text = ""
}

private enum SizedAction: Codable, Sendable, Equatable {
    case grow(Int)
}

private let sizedReducer = Reducer<SizedState, SizedAction> { state, action in
    switch action {
    case .grow(let count): state.text = String(repeating: "a", count: count)
    }
}

/// A chain of nested cases, as deep as the action says.
private indirect enum Chain: Codable, Sendable, Equatable {
    case end
    case link(Chain)

    static func of(_ depth: Int) -> Chain { (0..<depth).reduce(.end) { chain, _ in .link(chain) } }
}

private struct ChainState: Codable, Sendable, Equatable {
    var chain = Chain.end
}

private enum ChainAction: Codable, Sendable, Equatable {
    case nest(Int)
}

private let chainReducer = Reducer<ChainState, ChainAction> { state, action in
    switch action {
    case .nest(let depth): state.chain = .of(depth)
    }
}

/// The recorder and the inspector agree on the deepest nesting: a state nested deeper than
/// the inspector reads is left out of its line, the action kept, and the file checks.
@Suite struct RecorderDepthLimitCheckTests {
    @Test func inspectorsLimitIsTheRecordersLimit() {
        #expect(JSONParser.Options().maximumDepth == RecordingFormat.maximumDepth)
    }

    @Test func aStateNestedTooDeepIsLeftOutAndTheRecordingIsReadable() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("redux-depth-limit-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let errors = LockedErrors()
        let recorder = try Recorder<ChainState, ChainAction>(
            path: path, options: .init(reducer: "chain", onError: { errors.append($0) }))
        let store = Store(initialState: ChainState(), reducer: chainReducer, middleware: [recorder.middleware])
        // `{"seq":…,"state":{"chain":` is 2 levels, each link 2 more (`{"link":{"_0":`), and
        // the end case 2 (`{"end":{}}`): 254 links make 512, 255 make 514.
        store.dispatch(.nest(254))
        store.dispatch(.nest(255))
        store.dispatch(.nest(3))
        recorder.close()

        #expect(errors.count == 1)
        let check = CLITestSupport.run(["check", path])
        #expect(check.code == 0, "\(check)")
        #expect(check.out.contains("ok: 3 steps (seq 1…3), 2 with states, no gaps"), "\(check)")
        #expect(CLITestSupport.run(["show", path, "--at", "1", "--path", "chain"]).code == 0)
    }
}

/// The recorder and the inspector agree on the longest line: a state over the limit used to be
/// written whole, and the one line too long made every command refuse the whole recording.
@Suite struct RecorderLineLimitCheckTests {
    @Test func inspectorsLimitIsTheRecordersLimit() {
        #expect(JSONParser.Options().maximumLength == RecordingFormat.maximumLineLength)
    }

    @Test func aRecordingWithAStateOverTheLimitIsReadable() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("redux-line-limit-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let errors = LockedErrors()
        let recorder = try Recorder<SizedState, SizedAction>(
            path: path, options: .init(reducer: "sized", onError: { errors.append($0) }))
        let store = Store(
            initialState: SizedState(), reducer: sizedReducer, middleware: [recorder.middleware])

        store.dispatch(.grow(1))
        store.dispatch(.grow(RecordingFormat.maximumLineLength))
        store.dispatch(.grow(2))
        recorder.close()

        #expect(errors.count == 1)
        let check = CLITestSupport.run(["check", path])
        #expect(check.code == 0, "\(check)")
        #expect(check.out.contains("ok: 3 steps (seq 1…3), 2 with states, no gaps"), "\(check)")
        let show = CLITestSupport.run(["show", path, "--at", "3"])
        #expect(show.code == 0, "\(show)")
        #expect(show.out.contains(#""aa""#), "\(show)")
    }
}

/// Errors the recorder reported, from its writer thread.
private final class LockedErrors: @unchecked Sendable {
    // Unchecked Sendable: `errors` is only touched under `lock`.
    private let lock = NSLock()
    private var errors: [RecorderError] = []

    func append(_ error: RecorderError) {
        lock.withLock { errors.append(error) }
    }

    var count: Int { lock.withLock { errors.count } }
}
