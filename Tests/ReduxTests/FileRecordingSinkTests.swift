import Foundation
import Redux
import Testing

@Suite struct FileRecordingSinkTests {
    static func mode(of path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func newRecordingFileHasModeSixHundred() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("new.jsonl").path
            let recorder = try Recorder<CounterState, CounterAction>(path: path, options: steppingOptions())
            let store = Store(
                initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
            store.dispatch(.increment)
            recorder.close()

            #expect(try Self.mode(of: path) == 0o600)
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines.last == #"{"end":{"seq":1,"state":{"count":1}}}"#)
        }
    }

    @Test func existingFileIsRefusedAndLeftUntouched() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("existing.jsonl").path
            try "keep me\n".write(toFile: path, atomically: false, encoding: .utf8)

            #expect(throws: RecorderError.fileExists(path: path)) {
                _ = try Recorder<CounterState, CounterAction>(path: path)
            }
            #expect(throws: RecorderError.fileExists(path: path)) {
                _ = try FileRecordingSink(path: path, ifExists: .refuse)
            }

            #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me\n")
            #expect(
                RecorderError.fileExists(path: path).description
                    == "\(path): file exists; pass ifExists: .replace to overwrite it, or choose another name"
            )
            // As an app shows an error: it gave "The operation could not be completed".
            let error: any Error = RecorderError.fileExists(path: path)
            #expect(error.localizedDescription == RecorderError.fileExists(path: path).description)
        }
    }

    @Test func replaceTruncatesTheFileAndMakesItPrivate() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("replaced.jsonl").path
            try String(repeating: "old line\n", count: 100).write(
                toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

            let recorder = try Recorder<CounterState, CounterAction>(
                path: path, ifExists: .replace, options: steppingOptions())
            let store = Store(
                initialState: CounterState(), reducer: counterReducer, middleware: [recorder.middleware])
            store.dispatch(.increment)
            recorder.close()

            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains("old line"))
            #expect(text.hasPrefix(#"{"format":"redux-inspect","version":1,"#))
            #expect(text.split(separator: "\n").count == 3)
            #expect(try Self.mode(of: path) == 0o600)
        }
    }

    /// A reader holding the old recording open (an inspector that mapped it) keeps all of it:
    /// the file is replaced by a new one, not truncated under the reader.
    @Test func replaceLeavesTheOldFileWholeForItsReaders() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("replaced.jsonl").path
            let old = String(repeating: "old line\n", count: 100)
            try old.write(toFile: path, atomically: false, encoding: .utf8)
            let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? reader.close() }

            let sink = try FileRecordingSink(path: path, ifExists: .replace)
            try sink.write(Array("new line\n".utf8))
            try sink.close()

            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new line\n")
            #expect(try reader.readToEnd().map { String(decoding: $0, as: UTF8.self) } == old)
        }
    }

    @Test func missingDirectoryCannotBeOpened() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("missing/session.jsonl").path

            #expect(throws: RecorderError.cannotOpen(path: path, reason: "No such file or directory")) {
                _ = try FileRecordingSink(path: path)
            }
        }
    }

    @Test func writeAfterCloseFailsWithAnError() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("closed.jsonl").path
            let sink = try FileRecordingSink(path: path)
            try sink.write(Array("{}\n".utf8))
            try sink.close()
            try sink.close()

            #expect(throws: RecorderError.writeFailed(path: path, reason: "file is closed")) {
                try sink.write(Array("{}\n".utf8))
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}\n")
        }
    }
}
