import Foundation
import Redux
import Testing

/// A state of half a megabyte that every action changes.
private struct PageState: Codable, Sendable, Equatable {
    var page = ""
    var number = 0
}

private enum PageAction: Codable, Sendable, Equatable {
    case turn
}

private let pageSize = 512 << 10

private let pageReducer = Reducer<PageState, PageAction> { state, action in
    switch action {
    case .turn:
        state.number += 1
        state.page = String(repeating: String(UnicodeScalar(UInt8(65 + state.number % 26))), count: pageSize)
    }
}

/// A sink that keeps each write apart, to see what one `write(2)` would have held.
private final class WriteLogSink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: `writes` is itself thread-safe.
    let writes = LockedBox<[[UInt8]]>([])
    let failing = LockedBox(false)

    func write(_ bytes: [UInt8]) throws {
        if failing.value { throw RecorderError.writeFailed(path: "log", reason: "disk full") }
        writes.withLock { $0.append(bytes) }
    }

    func close() throws {}

    /// The lines written. Split with `memchr`: a debug build walks megabytes of text a
    /// `Character` (or a generic element) at a time for seconds.
    var lines: [String] {
        var all: [UInt8] = []
        for write in writes.value { all.append(contentsOf: write) }
        return all.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            var lines: [String] = []
            var start = 0
            while start < buffer.count {
                let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
                let end =
                    newline.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base }
                    ?? buffer.count
                lines.append(
                    String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self))
                start = end + 1
            }
            return lines
        }
    }
}

/// Recordings of large states (the writer writes them in batches bounded in bytes): every line
/// is there, exactly as a small recording would have it, and every write holds whole lines.
@Suite struct RecorderLargeStateTests {
    static func expectedEntry(_ seq: Int) -> String {
        let page = String(repeating: String(UnicodeScalar(UInt8(65 + seq % 26))), count: pageSize)
        let tenths = seq % 10 == 0 ? "\(seq / 10).000" : "\(seq / 10).\(seq % 10)00"
        let seconds = tenths.count == 5 ? "0" + tenths : tenths
        return #"{"seq":\#(seq),"time":"2026-11-22T10:00:\#(seconds)Z","type":"turn","action":{"turn":{}},"#
            + #""state":{"page":"\#(page)","number":\#(seq)}}"#
    }

    @Test func manyLargeStatesAreAllWrittenUnchangedInWholeLines() throws {
        let sink = WriteLogSink()
        let recorder = Recorder<PageState, PageAction>(sink: sink, options: steppingOptions())
        let store = Store(initialState: PageState(), reducer: pageReducer, middleware: [recorder.middleware])
        let count = 30

        for _ in 0..<count { store.dispatch(.turn) }
        recorder.close()

        let lines = sink.lines
        try #require(lines.count == count + 2)
        #expect(lines[0].hasSuffix(#""initialState":{"page":"","number":0}}"#))
        for seq in 1...count where lines[seq] != Self.expectedEntry(seq) {
            Issue.record("entry \(seq) differs: \(lines[seq].prefix(120))…")
        }
        #expect(lines[count + 1].hasPrefix(#"{"end":{"seq":30,"state":{"page":"EEEE"#))
        // Each write is whole lines: a crash between writes leaves no line cut short.
        #expect(sink.writes.value.allSatisfy { $0.last == UInt8(ascii: "\n") })
        #expect(sink.writes.value.count > 1)
    }

    @Test func flushWaitsForEveryLargeStateBeforeIt() throws {
        let sink = WriteLogSink()
        let recorder = Recorder<PageState, PageAction>(sink: sink, options: steppingOptions())
        let store = Store(initialState: PageState(), reducer: pageReducer, middleware: [recorder.middleware])

        for _ in 0..<12 { store.dispatch(.turn) }
        recorder.flush()

        let lines = sink.lines
        #expect(lines.count == 13)
        #expect(lines.last == Self.expectedEntry(12))
        recorder.close()
    }

    @Test func largeStatesLostToFailedWritesAreCountedInOneGap() throws {
        let sink = WriteLogSink()
        let errors = LockedBox<[RecorderError]>([])
        let recorder = Recorder<PageState, PageAction>(
            sink: sink, options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }))
        let store = Store(initialState: PageState(), reducer: pageReducer, middleware: [recorder.middleware])
        sink.failing.withLock { $0 = true }

        for _ in 0..<10 { store.dispatch(.turn) }
        recorder.flush()
        sink.failing.withLock { $0 = false }
        store.dispatch(.turn)
        recorder.close()

        #expect(errors.value == [.writeFailed(path: "log", reason: "disk full")])
        let lines = sink.lines
        try #require(lines.count == 4)
        #expect(lines[0].hasPrefix(#"{"format":"redux-inspect","version":1,"#))
        #expect(lines[1] == #"{"gap":{"after":0,"dropped":10,"reason":"write failed: disk full"}}"#)
        #expect(lines[2] == Self.expectedEntry(11))
        #expect(lines[3].hasPrefix(#"{"end":{"seq":11,"#))
    }
}
