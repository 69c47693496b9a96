import Foundation
import Redux
import Testing

/// A value shared between threads, guarded by a lock.
final class LockedBox<Value>: @unchecked Sendable {
    // Unchecked Sendable: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&stored) }
    }
}

extension LockedBox where Value == [String] {
    func append(_ element: String) {
        withLock { $0.append(element) }
    }
}

/// Runs `body` on `count` new threads at once and returns when all have finished.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// Polls `condition` every few milliseconds until it holds or `timeout` passes, blocking the
/// calling thread meanwhile.
///
/// It blocks rather than awaiting `Task.sleep` on purpose. Swift Testing starts every test of a
/// run at once, so a test that suspends is resumed only once the tests queued before it have
/// run: up to the length of the whole run on two cores, which once exceeded a test's one-minute
/// time limit in a clean clone's CI run although the test needed a second. A test that does
/// not suspend runs to its end once started.
///
/// - Returns: Whether the condition held in time.
func poll(timeout: Duration, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return condition()
}

/// A fresh directory under the system's temporary directory, removed by `body`'s end.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let url = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

private func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("redux-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Parses one recorded line as a JSON object.
func jsonObject(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    return try #require(value as? [String: Any], "not a JSON object: \(line)", sourceLocation: sourceLocation)
}

/// The `seq` of an entry line, or `nil` for headers and markers.
func seqNumber(of object: [String: Any]) -> Int? {
    (object["seq"] as? NSNumber)?.intValue
}

/// Re-encodes a parsed JSON value with sorted keys, to compare structures as text.
func canonical(_ value: Any?) -> String {
    guard let value else { return "nil" }
    guard
        let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
    else { return "unencodable" }
    return String(decoding: data, as: UTF8.self)
}

/// The lines a recorder wrote into memory for a session of `actions`, after `close()`.
func recordedLines<State: Codable & Sendable, Action: Codable & Sendable>(
    initialState: State,
    reducer: Reducer<State, Action>,
    options: Recorder<State, Action>.Options,
    actions: [Action]
) -> (lines: [String], state: State) {
    let sink = MemoryRecordingSink()
    let recorder = Recorder<State, Action>(sink: sink, options: options)
    let store = Store(initialState: initialState, reducer: reducer, middleware: [recorder.middleware])
    for action in actions { store.dispatch(action) }
    recorder.close()
    return (sink.lines, store.state)
}

/// Options with a stepping clock (one tenth of a second a reading), so output is exact.
func steppingOptions<State, Action>(
    _ type: Recorder<State, Action>.Type = Recorder<State, Action>.self,
    reducer: String? = "test",
    app: String? = nil,
    statePolicy: RecordingStatePolicy = .everyAction,
    redactedKeys: Set<String> = ["password", "token"],
    shouldRecord: @escaping @Sendable (Action) -> Bool = { _ in true },
    onError: @escaping @Sendable (RecorderError) -> Void = {
        Issue.record("unexpected recorder error: \($0)")
    }
) -> Recorder<State, Action>.Options {
    Recorder<State, Action>.Options(
        reducer: reducer, app: app, statePolicy: statePolicy, redactedKeys: redactedKeys,
        shouldRecord: shouldRecord, clock: .stepping(from: recordingStart, by: 0.1), onError: onError)
}

extension RecorderError {
    /// The `seq` the error is about, for the errors that have one.
    var seq: Int? {
        switch self {
        case .encodingFailed(let seq, _), .stateEncodingFailed(let seq, _), .lineTooLong(let seq, _, _): seq
        default: nil
        }
    }
}
