import Foundation
import Redux
import ReduxExamples
import Testing

// The code between the markers is copied verbatim into README.md ("Recording an app's
// session"); `readmeShowsTheRecorderSnippetVerbatim` keeps the two identical.
// README-SNIPPET-BEGIN recorder
func makeRecordedStore(path: String) throws -> Store<Shop.State, Shop.Action> {
    let recorder = try Recorder<Shop.State, Shop.Action>(
        path: path,
        options: .init(reducer: "shop", app: "Shop demo", redactedKeys: ["password", "token"])
    )
    return Store(
        initialState: Shop.State(),
        reducer: Shop.reducer,
        middleware: [Shop.loginMiddleware(), recorder.middleware]  // the recorder goes last
    )
}
// README-SNIPPET-END

// README-SNIPPET-BEGIN ci-recording
func recordCheckoutSession(to path: String) throws {
    let recorder = try Recorder<Shop.State, Shop.Action>(
        path: path,
        ifExists: .replace,
        options: .init(reducer: "shop", clock: .stepping(from: Date(timeIntervalSince1970: 0), by: 1))
    )
    let store = Store(
        initialState: Shop.State(),
        reducer: Shop.reducer,
        middleware: [Shop.loginMiddleware(), recorder.middleware]
    )
    store.dispatch(.loginRequest(username: "ada", password: "lovelace"))
    store.dispatch(.addToCart(productID: 3, quantity: 2))
    store.dispatch(.setQuantity(itemID: 3, quantity: 1))
    recorder.close()
}
// README-SNIPPET-END

@Suite struct ReadmeSnippetTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["recorder", "ci-recording"])
    func readmeShowsTheSnippetVerbatim(name: String) throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let start = try #require(source.range(of: "// README-SNIPPET-BEGIN \(name)\n"))
        let end = try #require(source.range(of: "// README-SNIPPET-END", range: start.upperBound..<source.endIndex))
        let snippet = String(source[start.upperBound..<end.lowerBound])
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(
            readme.contains(snippet),
            "README.md's \(name) snippet differs from Tests/ReduxExamplesTests/ReadmeSnippetTests.swift; copy the code between the README-SNIPPET markers into README.md."
        )
    }

    @Test func snippetRecordsASessionThatEndsWhenTheStoreIsReleased() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let store = try makeRecordedStore(path: path)
            store.dispatch(.loginRequest(username: "ada", password: "lovelace"))
            store.dispatch(.addToCart(productID: 3, quantity: 1))
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)  // header, loginRequest, setLoading, loginSuccess, addToCart, end
        #expect(lines.first?.hasPrefix(#"{"format":"redux-inspect","version":1,"reducer":"shop","app":"Shop demo""#) == true)
        #expect(lines[1].contains(#""password":"<redacted>""#))
        #expect(lines[3].contains(#""token":"<redacted>""#))
        #expect(lines.last?.hasPrefix(#"{"end":{"seq":4,"state":"#) == true)
        #expect(!lines.joined().contains("lovelace"))
    }
}

@Suite struct CIRecordingSnippetTests {
    @Test func recordedCheckoutSessionIsByteIdenticalAcrossRuns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.jsonl").path
        let second = directory.appendingPathComponent("b.jsonl").path
        try recordCheckoutSession(to: first)
        try recordCheckoutSession(to: second)
        let text = try String(contentsOfFile: first, encoding: .utf8)
        #expect(text == (try String(contentsOfFile: second, encoding: .utf8)))
        #expect(text.split(separator: "\n").count == 7)  // header, 5 entries, end
        #expect(!text.contains("lovelace"))
    }
}
