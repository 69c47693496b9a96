import Foundation
import Redux
import ReduxExamples

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `record-sustained`: actions per second the ``Recorder`` gets to disk when the app dispatches
/// as fast as it can — the shop session with the state after every action, default options
/// (the dispatching thread waits when the queue is full, and a second thread helps encode
/// while it does), timed from the first dispatch until `close()` returns with everything
/// written. The note gives the same with one encoding thread.
///
/// The baseline is the recorder people write first: a middleware that encodes each action and
/// state with Foundation's `JSONEncoder` and writes the line with `write(2)` on the dispatching
/// thread. It writes less than ours (`seq`, action and state, no time or type) and redacts
/// nothing, so it is, if anything, flattered.
enum RecordSustained {
    static let benchmark = Benchmark(
        name: "record-sustained",
        summary: "actions/s recorded to disk with states vs a JSONEncoder middleware",
        sessions: [.shop(.medium)], run: run)

    static func run(_ workload: Workload) throws -> [Measurement] {
        let actions = Array(ShopScript(steps: workload.steps(.medium)))
        let steps = Double(workload.steps(.medium))
        let repetitions = workload.repetitions(full: 3, quick: 2)
        let path = workload.scratchPath("record-sustained.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }

        func record(encodingThreads: Int) throws -> Double {
            try Stopwatch.median(repetitions: repetitions) {
                let recorder = try Recorder<Shop.State, Shop.Action>(
                    path: path, ifExists: .replace, options: .init(reducer: "shop", encodingThreads: encodingThreads))
                let store = Store(
                    initialState: Shop.State(), reducer: Shop.reducer,
                    middleware: [Shop.loginMiddleware(), recorder.middleware])
                for action in actions { store.dispatch(action) }
                recorder.close()
            }
        }
        Progress.show("record-sustained: Recorder")
        let ours = try record(encodingThreads: Recorder<Shop.State, Shop.Action>.Options().encodingThreads)
        let oursSize = Workload.size(path)
        Progress.show("record-sustained: Recorder, one encoding thread")
        let oneThread = try record(encodingThreads: 1)
        Progress.show("record-sustained: JSONEncoder middleware")
        let baseline = try Stopwatch.median(repetitions: repetitions) {
            let writer = try NaiveRecorder(path: path)
            let store = Store(
                initialState: Shop.State(), reducer: Shop.reducer,
                middleware: [Shop.loginMiddleware(), writer.middleware])
            for action in actions { store.dispatch(action) }
            writer.close()
            if let error = writer.error { throw BenchError("JSONEncoder baseline failed: \(error)") }
        }
        return [
            Measurement(
                name: "record-sustained", ours: steps / ours, baseline: steps / baseline, unit: "actions/s",
                baselineName: "JSONEncoder+write", target: .atLeast(100_000),
                note: "\(Measurement.format(Double(oursSize) / 1e6 / ours)) MB/s to disk; "
                    + "with one encoding thread (encodingThreads: 1) \(Measurement.format(steps / oneThread)) actions/s")
        ]
    }
}

/// A recording middleware the simple way: encode with `JSONEncoder`, write, on the
/// dispatching thread.
private final class NaiveRecorder: @unchecked Sendable {
    // Unchecked Sendable: used by one store, whose dispatch is serialized.
    private struct Line: Encodable {
        let seq: Int
        let action: Shop.Action
        let state: Shop.State
    }

    private let descriptor: Int32
    private let encoder = JSONEncoder()
    private var seq = 0
    private(set) var error: String?

    init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw BenchError("cannot open \(path)") }
    }

    var middleware: Middleware<Shop.State, Shop.Action> {
        Middleware { [self] _, getState in
            { next in
                { action in
                    next(action)
                    self.write(action, getState())
                }
            }
        }
    }

    private func write(_ action: Shop.Action, _ state: Shop.State) {
        seq += 1
        do {
            var data = try encoder.encode(Line(seq: seq, action: action, state: state))
            data.append(0x0A)
            let written = data.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress!, $0.count) }
            if written != data.count { error = "short write" }
        } catch {
            self.error = "\(error)"
        }
    }

    func close() {
        _ = systemClose(descriptor)
    }
}

// The class's own `write` and `close` shadow the C functions.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
