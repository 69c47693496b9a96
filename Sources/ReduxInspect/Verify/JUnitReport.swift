import Foundation
import Redux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// JUnit XML for `verify --junit`: one `<testcase>` per recording, a `<failure>` for a
/// divergence, an `<error>` for a file that could not be verified — the shape GitHub
/// Actions, GitLab, Jenkins and others read.
enum JUnitReport {
    /// The report of `results`, each failure described as the text report details it, and of
    /// `notVerified` (paths the run ended before) as skipped.
    static func xml(
        _ results: [VerifyResult], notVerified: ArraySlice<String> = [], seconds: Double, program: String,
        reducer: String? = nil, shard: (index: Int, count: Int)? = nil
    ) -> String {
        xml(results, notVerified: notVerified, seconds: seconds, program: program, shard: shard) {
            VerifyReport.details($0, colors: false, program: program, reducer: reducer).joined(separator: "\n")
        }
    }

    /// The report of `results`, and of `notVerified` (paths the run ended before) as skipped.
    static func xml(
        _ results: [VerifyResult], notVerified: ArraySlice<String> = [], seconds: Double, program: String = "redux-inspect",
        shard: (index: Int, count: Int)? = nil, describe: (VerifyResult) -> String
    ) -> String {
        let failures = results.filter {
            switch $0.outcome {
            case .diverged, .nondeterministic: true
            default: false
            }
        }.count
        let errors = results.filter {
            if case .error = $0.outcome { return true }
            return false
        }.count
        let counts =
            "tests=\"\(results.count + notVerified.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
            + (notVerified.isEmpty ? "" : " skipped=\"\(notVerified.count)\"") + " time=\"\(time(seconds))\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites \(counts)>",
            // Each shard's report named apart, for a CI matrix that gathers them.
            "  <testsuite name=\"\(escape(program, attribute: true)) verify\(shard.map { " (shard \($0.index)/\($0.count))" } ?? "")\" \(counts)>",
        ]
        for result in results {
            // `file` and `line`, as pytest writes them, are where annotating tools (GitHub's
            // JUnit reporters) put a failure: the recording's line of the divergence or error.
            let line: Int? =
                switch result.outcome {
                case .diverged(let divergence), .nondeterministic(let divergence): divergence.line
                case .error(.recording(let error)): error.line
                default: nil
                }
            let place = " file=\"\(escape(result.path, attribute: true))\"" + (line.map { " line=\"\($0)\"" } ?? "")
            let open = testcase(result.path, attributes: place, seconds: result.seconds)
            // What `verify` warned about on standard error (a truncated last line, say), and
            // the notes of its report (no state compared), go with its test case too, where CI
            // shows them.
            // A recording `--update` rewrote passes: the report says it was rewritten, as the
            // text report's `PASS` line does.
            let update = result.rewrittenStates == 0 ? [] : ["rewritten by --update, as the UPDATED line of the log says"]
            let said = result.warnings.map { "warning: \($0)" } + update + VerifyReport.notes(result)
            let warnings = said.isEmpty ? [] : ["      <system-err>" + escape(said.joined(separator: "\n")) + "</system-err>"]
            switch result.outcome {
            case .passed where warnings.isEmpty:
                lines.append(open + "/>")
            case .passed:
                lines.append(open + ">")
                lines += warnings
                lines.append("    </testcase>")
            case .diverged(let divergence), .nondeterministic(let divergence):
                let kind = result.outcome.isNondeterministic ? "nondeterministic reducer" : "divergence"
                lines.append(open + ">")
                lines.append(
                    "      <failure type=\"\(kind)\" message=\"\(escape("\(divergence.stepName): \(result.outcome.isNondeterministic ? kind : "diverged")", attribute: true))\">"
                        + escape(describe(result)) + "</failure>")
                lines += warnings
                lines.append("    </testcase>")
            case .error(let error):
                lines.append(open + ">")
                lines.append("      <error type=\"error\" message=\"\(escape(error.description, attribute: true))\">\(escape(error.description))</error>")
                lines.append("    </testcase>")
            }
        }
        for path in notVerified {
            lines.append(testcase(path, seconds: 0) + ">")
            lines.append("      <skipped message=\"not verified: the run ended before it was done\"/>")
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Checks that a report could be written at `path`, before any recording is verified: a
    /// long CI run must not lose its report to a mistyped path at the very end. Creates the
    /// directories it is in that do not exist (`--junit reports/verify.xml`), as pytest's
    /// `--junitxml` does, and not the report: a run that takes a second or more writes it as
    /// it goes (``JUnitProgressReport``), and a shorter one once at the end.
    ///
    /// - Throws: ``RecordingError`` of kind `.unreadable` naming the reason: a directory, a
    ///   directory that cannot be made (a file in its way), no permission.
    static func checkWritable(_ path: String) throws(RecordingError) {
        // `--junit reports/`: a directory's name, which no report can be written at.
        if path.hasSuffix("/") { throw cannotWrite(path, "names a directory; give the report a file name, such as \(path)report.xml") }
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw cannotWrite(path, "is a directory") }
            // An existing file is written in place, so it is its permission that counts.
            if access(path, W_OK) != 0 { throw cannotWrite(path, String(cString: strerror(errno))) }
            return
        }
        guard errno == ENOENT else { throw cannotWrite(path, String(cString: strerror(errno))) }
        var directory = split(path).0
        if directory.isEmpty { directory = "/" }
        if stat(directory, &info) != 0, errno == ENOENT, let code = makeDirectories(directory) {
            throw cannotWrite(path, "cannot make its directory: \(String(cString: strerror(code)))")
        }
        guard stat(directory, &info) == 0 else { throw cannotWrite(path, String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) != S_IFDIR { throw cannotWrite(path, "\(directory) is not a directory") }
        if access(directory, W_OK | X_OK) != 0 { throw cannotWrite(path, String(cString: strerror(errno))) }
    }

    /// Makes `directory` and the directories it is in that do not exist, as `mkdir -p` does;
    /// the `errno` of the first that cannot be made, or `nil`.
    private static func makeDirectories(_ directory: String) -> Int32? {
        var made = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + component
            if mkdir(made, 0o777) != 0, errno != EEXIST { return errno }
        }
        return nil
    }

    /// Checks that writing a report at `path` would not replace a recording: one of `recordings`
    /// (the same file, however named), or any file named like one (`*.jsonl`). With a shell
    /// glob, `verify --junit Sessions/*.jsonl` takes the first recording as the report's path,
    /// and the run would pass and overwrite it.
    ///
    /// - Throws: ``RecordingError`` of kind `.unreadable`, as for a path that cannot be written.
    static func checkNotARecording(_ path: String, recordings: [String]) throws(RecordingError) {
        let name = split(path).1
        if name.lowercased().hasSuffix(".jsonl") {
            throw cannotWrite(
                path, "a .jsonl name is a recording's; write the report to another file, such as report.xml")
        }
        var report = stat()
        guard stat(path, &report) == 0 else { return }
        for recording in recordings {
            var info = stat()
            if stat(recording, &info) == 0, info.st_dev == report.st_dev, info.st_ino == report.st_ino {
                throw cannotWrite(path, "it is \(recording), one of the recordings to verify")
            }
        }
    }

    /// Writes the report in place (as before, so `/dev/stdout` works), with the system's
    /// reason when that fails (a full disk, say). A regular file left half-written is
    /// removed: CI should find no report, not a truncated one it cannot parse.
    ///
    /// - Throws: ``RecordingError`` of kind `.unreadable`.
    static func save(_ xml: String, to path: String) throws(RecordingError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            throw cannotWrite(path, code == EISDIR ? "is a directory" : String(cString: strerror(code)))
        }
        var info = stat()
        let isRegular = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        if let failure = Array(xml.utf8).withUnsafeBytes({ FileDescriptorWrite.allAndClose($0, to: descriptor) }) {
            if isRegular { unlink(path) }
            throw cannotWrite(path, String(cString: strerror(failure)))
        }
    }

    /// The error for a report that cannot be written, worded as other commands word a file.
    private static func cannotWrite(_ path: String, _ reason: String) -> RecordingError {
        RecordingError(.unreadable, path: path, message: "cannot write the JUnit report: \(reason)")
    }

    /// The opening of a recording's test case, unclosed: its class name (the directory) and
    /// name (the file), then `attributes`, then its time.
    private static func testcase(_ path: String, attributes: String = "", seconds: Double) -> String {
        let (directory, file) = split(path)
        return "    <testcase classname=\"\(escape(className(directory), attribute: true))\" "
            + "name=\"\(escape(file, attribute: true))\"\(attributes) time=\"\(time(seconds))\""
    }

    /// The class name of a recording's test case: its directory, without the `./` a command
    /// line may give it, so that `./Sessions` and `Sessions` name the same tests, which CI
    /// keeps a history of by name.
    static func className(_ directory: String) -> String {
        var name = Substring(directory)
        while name.hasPrefix("./") { name = name.dropFirst(2).drop { $0 == "/" } }
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        return name.isEmpty ? "." : String(name)
    }

    static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    private static func time(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }

    /// Escapes text for XML content, or with `attribute` for an attribute's value, where line
    /// breaks and tabs are escaped too; writes characters XML 1.0 cannot hold as `\u{…}`.
    static func escape(_ text: String, attribute: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            // A parser reads a line break or tab in an attribute's value as a space.
            case "\n" where attribute: result += "&#10;"
            case "\t" where attribute: result += "&#9;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

extension VerifyResult.Outcome {
    var isNondeterministic: Bool {
        if case .nondeterministic = self { return true }
        return false
    }
}
