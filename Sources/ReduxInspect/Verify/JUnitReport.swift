import Foundation

/// JUnit XML for `verify --junit`: one `<testcase>` per recording, a `<failure>` for a
/// divergence, an `<error>` for a file that could not be verified — the shape GitHub
/// Actions, GitLab, Jenkins and others read.
import Foundation

enum JUnitReport {
    static func xml(_ results: [VerifyResult], seconds: Double, describe: (VerifyResult) -> String) -> String {
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
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time(seconds))\">",
            "  <testsuite name=\"redux-inspect verify\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time(seconds))\">",
        ]
        for result in results {
            let (directory, file) = split(result.path)
            let open = "    <testcase classname=\"\(escape(directory))\" name=\"\(escape(file))\" time=\"\(time(result.seconds))\""
            switch result.outcome {
            case .passed:
                lines.append(open + "/>")
            case .diverged(let divergence), .nondeterministic(let divergence):
                let kind = result.outcome.isNondeterministic ? "nondeterministic reducer" : "divergence"
                lines.append(open + ">")
                lines.append(
                    "      <failure type=\"\(kind)\" message=\"\(escape("seq \(divergence.seq) \(divergence.type): \(kind)"))\">"
                        + escape(describe(result)) + "</failure>")
                lines.append("    </testcase>")
            case .error(let error):
                lines.append(open + ">")
                lines.append("      <error type=\"error\" message=\"\(escape(error.description))\">\(escape(error.description))</error>")
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    private static func time(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }

    /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot hold.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
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
