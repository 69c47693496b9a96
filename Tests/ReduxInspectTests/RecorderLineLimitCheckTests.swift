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

/// Encodes as its value alone, as a property wrapper or a newtype does: a level of nesting
/// that adds no array or object to the text.
private struct Boxed<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Value.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// A chain whose links are wrapped three times over: as deep in text as ``Chain``, with
/// many more values one inside another.
private indirect enum WrappedChain: Codable, Sendable, Equatable {
    case end
    case link(Boxed<Boxed<Boxed<WrappedChain>>>)

    static func of(_ depth: Int) -> WrappedChain {
        (0..<depth).reduce(.end) { chain, _ in .link(Boxed(Boxed(Boxed(chain)))) }
    }
}

private struct ChainState: Codable, Sendable, Equatable {
    var chain = Chain.end
    var chains: [String: Chain]?
    var wrapped: WrappedChain?
}

private enum ChainAction: Codable, Sendable, Equatable {
    case nest(Int)
    case nestInDictionary(Int)
    case nestWrapped(Int)
}

private let chainReducer = Reducer<ChainState, ChainAction> { state, action in
    switch action {
    case .nest(let depth): state = ChainState(chain: .of(depth))
    case .nestInDictionary(let depth): state.chains = ["k": .of(depth)]
    case .nestWrapped(let depth): state.wrapped = .of(depth)
    }
}

/// The recorder and the inspector agree on the deepest nesting: a state nested deeper than
/// the inspector reads is left out of its line, the action kept, and the file checks.
@Suite struct RecorderDepthLimitCheckTests {
    @Test func inspectorsLimitIsTheRecordersLimit() {
        #expect(JSONParser.Options().maximumDepth == RecordingFormat.maximumDepth)
    }

    @Test func aStateNestedTooDeepIsLeftOutAndTheRecordingIsReadable() throws {
        // `{"seq":…,"state":{"chain":` is 2 levels, each link 2 more (`{"link":{"_0":`), and
        // the end case 2 (`{"end":{}}`): 254 links make 512, 255 make 514.
        let (path, errors) = try recordSession(
            [.nest(254), .nest(255), .nest(3)], from: ChainState(), reducer: chainReducer, name: "chain")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(errors == 1)
        let check = CLITestSupport.run(["check", path])
        #expect(check.code == 0, "\(check)")
        #expect(check.out.contains("ok: 3 steps (seq 1…3), 2 with states, no gaps"), "\(check)")
        #expect(CLITestSupport.run(["show", path, "--at", "1", "--path", "chain"]).code == 0)
    }

    /// Encoding stops once the line is sure to be too deep: 20,000 links, encoded to their end,
    /// overflowed the writer thread's stack in a debug build and took the app down.
    @Test(arguments: [ChainAction.nest(20_000), .nestInDictionary(20_000)])
    fileprivate func aVeryDeepStateIsLeftOutWithoutEncodingItAll(_ deep: ChainAction) throws {
        let (path, errors) = try recordSession(
            [deep, .nest(3)], from: ChainState(), reducer: chainReducer, name: "chain")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(errors == 1)
        let check = CLITestSupport.run(["check", path])
        #expect(check.code == 0, "\(check)")
        #expect(check.out.contains("ok: 2 steps (seq 1…2), 1 with states, no gaps"), "\(check)")
    }

    /// Values that add no array or object to the text (wrappers) do not count towards the
    /// depth: a line the inspector reads is written, however they nest.
    @Test func wrappersDoNotCountTowardsTheDepth() throws {
        // `{"seq":…,"state":{"chain":{"end":{}},"wrapped":` is 2 levels, each link 2 more and
        // the end case 2: 254 links make 512, and 1,016 values one inside another.
        let (path, errors) = try recordSession(
            [.nestWrapped(254), .nestWrapped(255)], from: ChainState(), reducer: chainReducer, name: "chain")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(errors == 1)
        let check = CLITestSupport.run(["check", path])
        #expect(check.out.contains("ok: 2 steps (seq 1…2), 1 with states, no gaps"), "\(check)")
        let show = CLITestSupport.run(["show", path, "--at", "1", "--path", "wrapped.link._0.link"])
        #expect(show.code == 0, "\(show)")
    }
}

/// The recorder and the inspector agree on the longest line: a state over the limit used to be
/// written whole, and the one line too long made every command refuse the whole recording.
@Suite struct RecorderLineLimitCheckTests {
    @Test func inspectorsLimitIsTheRecordersLimit() {
        #expect(JSONParser.Options().maximumLength == RecordingFormat.maximumLineLength)
    }

    @Test func aRecordingWithAStateOverTheLimitIsReadable() throws {
        let (path, errors) = try recordSession(
            [.grow(1), .grow(RecordingFormat.maximumLineLength), .grow(2)], from: SizedState(), reducer: sizedReducer,
            name: "sized")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(errors == 1)
        let check = CLITestSupport.run(["check", path])
        #expect(check.code == 0, "\(check)")
        #expect(check.out.contains("ok: 3 steps (seq 1…3), 2 with states, no gaps"), "\(check)")
        let show = CLITestSupport.run(["show", path, "--at", "3"])
        #expect(show.code == 0, "\(show)")
        #expect(show.out.contains(#""aa""#), "\(show)")
    }
}

/// Records `actions` dispatched into a store with the recorder, to a new temporary file;
/// returns its path and how many errors the recorder reported.
private func recordSession<State: Codable & Sendable, Action: Codable & Sendable>(
    _ actions: [Action], from initialState: State, reducer: Reducer<State, Action>, name: String
) throws -> (path: String, errors: Int) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("redux-\(name)-\(UUID().uuidString).jsonl").path
    let errors = LockedErrors()
    let recorder = try Recorder<State, Action>(path: path, options: .init(reducer: name, onError: { errors.append($0) }))
    let store = Store(initialState: initialState, reducer: reducer, middleware: [recorder.middleware])
    for action in actions { store.dispatch(action) }
    recorder.close()
    return (path, errors.count)
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
