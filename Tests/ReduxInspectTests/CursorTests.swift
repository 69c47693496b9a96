import Testing

@testable import ReduxInspect

/// A recording of steps with these seqs, each a `tick` action, without states.
private func recording(seqs: [Int]) throws -> Recording {
    let lines = seqs.map { #"{"seq":\#($0),"type":"tick","action":{"tick":{}}}"# }
    return try Recording(text: lines.joined(separator: "\n") + "\n", path: "cursor.jsonl")
}

/// One move and where it should leave the cursor.
struct CursorCase: CustomTestStringConvertible, Sendable {
    enum Operation: Sendable {
        case next(Int)
        case back(Int)
        case first, last
        case goto(Int)
        case move(Int)
    }

    let start: Int
    let operation: Operation
    let seq: Int
    let note: String?
    let moved: Bool

    var testDescription: String { "from position \(start): \(operation) → seq \(seq)" }
}

@Suite struct CursorTests {
    /// Seqs 1, 2, 3, then a gap, then 7, 8 and 10.
    static let seqs = [1, 2, 3, 7, 8, 10]

    static let cases: [CursorCase] = [
        CursorCase(start: -1, operation: .next(1), seq: 1, note: nil, moved: true),
        CursorCase(start: -1, operation: .next(3), seq: 3, note: nil, moved: true),
        CursorCase(start: 2, operation: .next(1), seq: 7, note: nil, moved: true),
        CursorCase(start: 3, operation: .next(10), seq: 10, note: "stopped at the last step", moved: true),
        CursorCase(start: 5, operation: .next(1), seq: 10, note: "already at the last step", moved: false),
        CursorCase(
            start: 5, operation: .next(Int.max), seq: 10, note: "already at the last step", moved: false),
        CursorCase(start: 3, operation: .back(1), seq: 3, note: nil, moved: true),
        CursorCase(start: 3, operation: .back(4), seq: 0, note: nil, moved: true),
        CursorCase(start: 3, operation: .back(5), seq: 0, note: "stopped at the initial state", moved: true),
        CursorCase(
            start: -1, operation: .back(1), seq: 0, note: "already at the initial state", moved: false),
        CursorCase(
            start: 2, operation: .back(Int.max), seq: 0, note: "stopped at the initial state", moved: true),
        CursorCase(start: 4, operation: .first, seq: 0, note: nil, moved: true),
        CursorCase(start: -1, operation: .first, seq: 0, note: "already at the initial state", moved: false),
        CursorCase(start: -1, operation: .last, seq: 10, note: nil, moved: true),
        CursorCase(start: 5, operation: .last, seq: 10, note: "already at the last step", moved: false),
        CursorCase(start: -1, operation: .goto(7), seq: 7, note: nil, moved: true),
        CursorCase(start: 4, operation: .goto(0), seq: 0, note: nil, moved: true),
        CursorCase(start: 4, operation: .goto(8), seq: 8, note: nil, moved: false),
        CursorCase(start: 0, operation: .move(-5), seq: 0, note: "stopped at the initial state", moved: true),
        CursorCase(start: 0, operation: .move(99), seq: 10, note: "stopped at the last step", moved: true),
    ]

    @Test(arguments: cases)
    func move(_ test: CursorCase) throws {
        var cursor = TimelineCursor(recording: try recording(seqs: Self.seqs), position: test.start)
        let move: TimelineCursor.Move
        switch test.operation {
        case .next(let steps): move = cursor.next(steps)
        case .back(let steps): move = cursor.back(steps)
        case .first: move = cursor.first()
        case .last: move = cursor.last()
        case .goto(let seq): move = try cursor.goto(seq: seq)
        case .move(let position): move = cursor.move(to: position)
        }
        #expect(cursor.seq == test.seq)
        #expect(move.note == test.note)
        #expect(move.moved == test.moved)
        #expect(move.from == test.start)
        #expect(move.to == cursor.position)
    }

    @Test func startsAtTheInitialState() throws {
        let cursor = TimelineCursor(recording: try recording(seqs: Self.seqs))
        #expect(cursor.position == -1)
        #expect(cursor.seq == 0)
        #expect(cursor.count == 6)
        #expect(cursor.lastSeq == 10)
        #expect(cursor.isAtInitialState)
        #expect(!cursor.isAtLastStep)
    }

    @Test(arguments: [(-7, -1), (-1, -1), (2, 2), (5, 5), (6, 5), (100, 5)])
    func startingPositionIsClamped(_ given: Int, _ expected: Int) throws {
        #expect(
            TimelineCursor(recording: try recording(seqs: Self.seqs), position: given).position == expected)
    }

    @Test(
        arguments: [(0, -1), (1, 0), (3, 2), (7, 3), (10, 5), (4, nil), (9, nil), (11, nil)] as [(Int, Int?)])
    func positionOfSeq(_ seq: Int, _ expected: Int?) throws {
        #expect(TimelineCursor(recording: try recording(seqs: Self.seqs)).position(ofSeq: seq) == expected)
    }

    @Test(arguments: [
        (5, "no step with seq 5: it falls in a gap of the recording"),
        (11, "no step with seq 11: expected 0 (the initial state) or a seq from 1 to 10"),
    ])
    func gotoAMissingSeqFailsAndStays(_ seq: Int, _ message: String) throws {
        var cursor = TimelineCursor(recording: try recording(seqs: Self.seqs), position: 2)
        #expect(throws: TimelineCursor.GotoError.noSuchSeq(seq, first: 1, last: 10)) {
            try cursor.goto(seq: seq)
        }
        #expect(cursor.position == 2)
        #expect(TimelineCursor.GotoError.noSuchSeq(seq, first: 1, last: 10).description == message)
    }

    @Test func aRecordingWithoutStepsHasOnlyTheInitialState() throws {
        let header = #"{"format":"redux-inspect","version":1,"initialState":{"count":0}}"#
        var cursor = TimelineCursor(recording: try Recording(text: header + "\n"))
        #expect(cursor.count == 0)
        #expect(cursor.lastSeq == 0)
        #expect(cursor.isAtInitialState && cursor.isAtLastStep)
        #expect(cursor.next().moved == false)
        #expect(cursor.back().moved == false)
        #expect(cursor.last().moved == false)
        #expect(try cursor.goto(seq: 0).moved == false)
        #expect(throws: TimelineCursor.GotoError.self) { try cursor.goto(seq: 1) }
        #expect(
            TimelineCursor.GotoError.noSuchSeq(1, first: nil, last: nil).description
                == "no step with seq 1: the recording has no steps, only the initial state (seq 0)")
    }

    @Test func walkingEveryStepForwardAndBackVisitsEverySeq() throws {
        var cursor = TimelineCursor(recording: try recording(seqs: Self.seqs))
        var forward: [Int] = []
        while cursor.next().moved { forward.append(cursor.seq) }
        var backward: [Int] = []
        while cursor.back().moved { backward.append(cursor.seq) }
        #expect(forward == Self.seqs)
        #expect(backward == [8, 7, 3, 2, 1, 0])
    }
}
