import Foundation
import Redux
import Testing

/// The app's console logger and `redux-inspect diff` describe the same step the same way:
/// elements of arrays of objects with ids are named by id, and the same elements are said to
/// move. The logger used to name elements by position, so that removing the first of ten
/// items read as nine changed items and one removed.
@Suite struct ConsoleLoggerAgreementTests {
    struct Row: Codable, Sendable, Equatable {
        var id: Int
        var name: String
        var quantity: Int
    }

    struct Tag: Codable, Sendable, Equatable {
        var id: String
        var uses: Int
    }

    struct Table: Codable, Sendable, Equatable {
        var rows: [Row] = []
        var labels: [String] = []
        var tags: [Tag] = []
        var notes: [String: String] = [:]
    }

    /// Ids and keys that a path must quote or escape: a space, a dot, a quote, a backslash, a
    /// digit first, characters that would reorder or break a console line, and one that shows
    /// as nothing.
    static let oddTexts = [
        "plain", "a b", "x.y", "q\"uote", "back\\slash", "0digit", "\u{202E}evil", "line\u{2028}sep", "c\u{85}",
        "name\u{200B}",
    ]

    enum Edit: Codable, Sendable {
        case set(Table)
    }

    static let reducer = Reducer<Table, Edit> { state, edit in
        switch edit {
        case .set(let table): state = table
        }
    }

    /// A small random edit: rows inserted, removed, moved, swapped, changed, reversed, or
    /// labels (matched by position) changed.
    static func edited(_ table: Table, nextID: inout Int, using generator: inout SeededGenerator) -> Table {
        var table = table
        for _ in 0..<Int.random(in: 1...2, using: &generator) {
            let rows = table.rows.count
            switch Int.random(in: 0..<9, using: &generator) {
            case 0, 1:
                nextID += 1
                table.rows.insert(
                    Row(id: nextID, name: "row \(nextID)", quantity: 1), at: Int.random(in: 0...rows, using: &generator))
            case 2 where rows > 0:
                table.rows.remove(at: Int.random(in: 0..<rows, using: &generator))
            case 3 where rows > 1:
                let row = table.rows.remove(at: Int.random(in: 0..<rows, using: &generator))
                table.rows.insert(row, at: Int.random(in: 0..<rows, using: &generator))
            case 4 where rows > 1:
                table.rows.swapAt(Int.random(in: 0..<rows, using: &generator), Int.random(in: 0..<rows, using: &generator))
            case 5 where rows > 0:
                table.rows[Int.random(in: 0..<rows, using: &generator)].quantity += Int.random(in: 1...3, using: &generator)
            case 6 where rows > 2 && Bool.random(using: &generator):
                table.rows.reverse()
            case 7:
                let text = oddTexts.randomElement(using: &generator)!
                if Bool.random(using: &generator) {
                    table.notes[text] = table.notes[text] == nil ? "note \(text)" : nil
                } else if let index = table.tags.firstIndex(where: { $0.id == text }) {
                    if Bool.random(using: &generator) { table.tags.remove(at: index) } else { table.tags[index].uses += 1 }
                } else {
                    table.tags.insert(Tag(id: text, uses: 0), at: Int.random(in: 0...table.tags.count, using: &generator))
                }
            default:
                if table.labels.isEmpty || Bool.random(using: &generator) {
                    table.labels.insert("l\(nextID)", at: Int.random(in: 0...table.labels.count, using: &generator))
                } else {
                    table.labels.remove(at: Int.random(in: 0..<table.labels.count, using: &generator))
                }
            }
        }
        return table
    }

    @Test(arguments: 0..<4)
    func theLoggerNamesAndMovesElementsAsTheInspectorDoes(seed: UInt64) throws {
        let directory = try CLITemporaryDirectory()
        let file = directory.path("table.jsonl")
        let recorder = try Recorder<Table, Edit>(path: file, options: .init(reducer: "table"))
        let entries = LockedBox<[String]>([])
        let logger = ConsoleLogger<Table, Edit>(output: { entries.append($0) })
        let store = Store(
            initialState: Table(), reducer: Self.reducer, middleware: [logger.middleware, recorder.middleware])
        var generator = SeededGenerator(seed: seed)
        var nextID = 0
        var table = Table()
        for _ in 0..<150 {
            table = Self.edited(table, nextID: &nextID, using: &generator)
            store.dispatch(.set(table))
        }
        // A note whose key is written again in the other Unicode normal form, which Swift takes
        // for the same key: both name the change as the state before spells the key.
        for (round, key) in ["caf\u{E9}", "cafe\u{301}", "caf\u{E9}"].enumerated() {
            table.notes["caf\u{E9}"] = nil  // either spelling
            table.notes[key] = "respelled \(round)"
            store.dispatch(.set(table))
        }
        recorder.close()

        let diff = CLITestSupport.run(["diff", file, "--full"])
        try #require(diff.code == 0, "\(diff)")
        // One block per step: its heading, then its change lines.
        let inspector = diff.out.components(separatedBy: "@@ seq ").dropFirst().map { block in
            Array(block.split(separator: "\n").dropFirst().map(String.init))
        }
        let logged = entries.value.map { entry in
            entry.split(separator: "\n").dropFirst().map { String($0.dropFirst(2)) }
        }
        try #require(inspector.count == logged.count)
        var moves = 0
        for (step, (fromInspector, fromLogger)) in zip(inspector, logged).enumerated() {
            // By Unicode scalars: `==` on strings takes the two spellings of a key for the same.
            #expect(
                fromLogger.map { Array($0.unicodeScalars) } == fromInspector.map { Array($0.unicodeScalars) },
                "step \(step + 1): \(fromLogger) against \(fromInspector)")
            moves += fromLogger.filter { $0.hasPrefix("↕") }.count
        }
        #expect(moves > 0, "the edits moved some rows")
        #expect(
            diff.out.contains(#"\u202e"#) || diff.out.contains(#"\u200b"#),
            "an id or key with a bidirectional control or an invisible character came up")
        #expect(
            diff.out.unicodeScalars.map(\.value).containsRun(
                "cafe\u{301}\"]: \"respelled 1\" → \"respelled 2\"".unicodeScalars.map(\.value)),
            "\(diff.out.suffix(300))")
    }
}

extension Array where Element: Equatable {
    /// Whether `run` appears in this array as consecutive elements.
    fileprivate func containsRun(_ run: [Element]) -> Bool {
        guard run.count <= count else { return false }
        return (0...(count - run.count)).contains { start in self[start..<start + run.count].elementsEqual(run) }
    }
}
