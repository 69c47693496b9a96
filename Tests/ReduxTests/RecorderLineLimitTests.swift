import Foundation
import Testing

@testable import Redux

/// A state whose size the actions choose.
private struct TextState: Codable, Sendable, Equatable {
    var text = ""
}

private enum TextAction: Codable, Sendable, Equatable {
    /// Sets the text to `count` letters.
    case grow(Int)
    /// Carries its own text, so that the action alone can be too long.
    case say(String)
}

private let textReducer = Reducer<TextState, TextAction> { state, action in
    switch action {
    case .grow(let count): state.text = String(repeating: "a", count: count)
    case .say(let text): state.text = text
    }
}

/// The recorder never writes a line longer than the inspector reads
/// (``RecordingFormat/maximumLineLength``). These tests set a smaller limit, so that the lines
/// stay small; `largeStateLineIsWrittenWithoutItsStateAtTheRealLimit` uses the real one.
@Suite struct RecorderLineLimitTests {
    fileprivate static func record(
        _ actions: [TextAction], initialState: TextState = TextState(), limit: Int
    ) -> (lines: [String], errors: [RecorderError]) {
        let errors = LockedBox<[RecorderError]>([])
        var options = steppingOptions(
            Recorder<TextState, TextAction>.self, onError: { error in errors.withLock { $0.append(error) } })
        options.maximumLineLength = limit
        let (lines, _) = recordedLines(
            initialState: initialState, reducer: textReducer, options: options, actions: actions)
        return (lines, errors.value)
    }

    @Test func aLineOfExactlyTheLimitKeepsItsStateAndOneByteMoreLosesIt() throws {
        let unlimited = Self.record([.grow(100)], limit: .max)
        try #require(unlimited.errors == [])
        let full = unlimited.lines[1]
        #expect(full.hasSuffix(#","state":{"text":"\#(String(repeating: "a", count: 100))"}}"#))

        let atLimit = Self.record([.grow(100)], limit: full.utf8.count)
        #expect(atLimit.lines[1] == full)
        #expect(atLimit.errors.filter { $0.seq == 1 } == [])

        let overLimit = Self.record([.grow(100)], limit: full.utf8.count - 1)
        #expect(
            overLimit.lines[1]
                == #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"grow","action":{"grow":{"_0":100}}}"#)
        #expect(
            overLimit.errors.first
                == .lineTooLong(seq: 1, length: full.utf8.count, limit: full.utf8.count - 1))
    }

    @Test func everyLineFitsAndLongStatesAreReportedOncePerRun() throws {
        let actions: [TextAction] = [.grow(10), .grow(500), .grow(600), .grow(20), .grow(700), .grow(30)]
        let unlimited = Self.record(actions, limit: .max)

        let limited = Self.record(actions, limit: 300)

        #expect(limited.lines.allSatisfy { $0.utf8.count <= 300 })
        #expect(limited.lines.count == unlimited.lines.count)
        #expect(limited.lines.filter { $0.contains(#""gap""#) } == [])
        // Every entry keeps its action; the short states are there as they were.
        for (short, whole) in zip(limited.lines, unlimited.lines) {
            let shortObject = try jsonObject(short)
            let wholeObject = try jsonObject(whole)
            #expect(canonical(shortObject["action"]) == canonical(wholeObject["action"]))
            if short.utf8.count == whole.utf8.count { #expect(short == whole) }
        }
        let withState = try limited.lines[1...6].map { try jsonObject($0)["state"] != nil }
        #expect(withState == [true, false, false, true, false, true])
        // Seq 2 and 3 are one run; seq 5 starts another.
        #expect(
            limited.errors == [
                .lineTooLong(seq: 2, length: unlimited.lines[2].utf8.count, limit: 300),
                .lineTooLong(seq: 5, length: unlimited.lines[5].utf8.count, limit: 300),
            ])
    }

    @Test func anActionTooLongByItselfBecomesAGap() throws {
        let long = String(repeating: "b", count: 400)

        let (lines, errors) = Self.record([.grow(1), .say(long), .grow(2)], limit: 300)

        try #require(lines.count == 5)
        #expect(lines[1].hasPrefix(#"{"seq":1,"#))
        #expect(lines[2] == #"{"gap":{"after":1,"dropped":1,"reason":"line too long"}}"#)
        #expect(lines[3].hasPrefix(#"{"seq":3,"#))
        #expect(lines[4] == #"{"end":{"seq":3,"state":{"text":"aa"}}}"#)
        try #require(errors.count == 1)
        guard case .encodingFailed(seq: 2, let reason) = errors[0] else {
            Issue.record("expected encodingFailed(seq: 2), got \(errors[0])")
            return
        }
        #expect(reason.hasSuffix("bytes without a state, more than the 300 a line may hold"), "\(reason)")
    }

    @Test func aLongInitialStateLeavesTheHeaderWithoutItAndIsReported() throws {
        let initial = TextState(text: String(repeating: "c", count: 400))

        let (lines, errors) = Self.record([.grow(1)], initialState: initial, limit: 300)

        #expect(
            lines[0]
                == #"{"format":"redux-inspect","version":1,"reducer":"test","started":"2026-11-22T10:00:00.000Z"}"#
        )
        #expect(lines[1].hasSuffix(#""state":{"text":"a"}}"#))
        try #require(errors.count == 1)
        guard case .lineTooLong(seq: 0, let length, limit: 300) = errors[0] else {
            Issue.record("expected lineTooLong(seq: 0), got \(errors[0])")
            return
        }
        #expect(length > 400)
    }

    /// The review's case at full size: a state over 64 MiB made the whole recording unreadable.
    @Test func largeStateLineIsWrittenWithoutItsStateAtTheRealLimit() throws {
        let limit = RecordingFormat.maximumLineLength
        let errors = LockedBox<[RecorderError]>([])
        let (lines, _) = recordedLines(
            initialState: TextState(), reducer: textReducer,
            options: steppingOptions(onError: { error in errors.withLock { $0.append(error) } }),
            actions: [.grow(1), .grow(limit), .grow(2)])

        #expect(lines.allSatisfy { $0.utf8.count <= limit })
        try #require(lines.count == 5)
        #expect(
            lines[2]
                == #"{"seq":2,"time":"2026-11-22T10:00:00.200Z","type":"grow","action":{"grow":{"_0":67108864}}}"#
        )
        #expect(lines[3].hasSuffix(#""state":{"text":"aa"}}"#))
        try #require(errors.value.count == 1)
        guard case .lineTooLong(seq: 2, let length, limit: limit) = errors.value[0] else {
            Issue.record("expected lineTooLong(seq: 2), got \(errors.value[0])")
            return
        }
        #expect(length > limit)
        #expect(errors.value[0].description.contains("more than the 67108864 a line may hold"))
    }
}
