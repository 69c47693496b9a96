import Foundation

@testable import ReduxInspect

/// A small reader of the page's mdoc: macros, sections, subsections, options and
/// subcommands, with a message that says how to fix each disagreement with the CLI.
struct ManPageCheck {
    /// What the CLI offers.
    struct Interface {
        let specs: [CommandSpec]
        let topLevelHelp: String
        let exitCodes: [Int32]
        /// The names of each command `step` reads, main name first.
        let stepCommands: [[String]]
    }

    /// A macro line split into words: `.It Fl -to Ar seq` is `["It", "Fl", "-to", "Ar", "seq"]`.
    struct Line {
        let number: Int
        let text: String
        let words: [String]
        /// The `.Sh` section it is in.
        let section: String
        /// The `.Ss` subsection it is in, if any.
        let subsection: String?
    }

    /// An option named by `Fl`, with the `Ar` value name after it, if any.
    struct Flag: Equatable {
        let name: String
        let value: String?
    }

    /// Macros that can be called on a line, so a word equal to one is not an argument.
    static let macros: Set<String> = [
        "Ar", "Cm", "Fl", "Ic", "Li", "Ns", "Op", "Oo", "Oc", "Ql", "Sy", "Ev", "Pq", "Dq", "Xr", "Nm", "Em", "Va",
        "Pa", "Brq", "Bq", "Aq", "No", "Sx", "It", "Dl",
    ]
    static let file = "man/redux-inspect.1"

    let lines: [Line]
    let interface: Interface
    let topLevelOptions: Set<String>

    init(page: String, interface: Interface) {
        self.interface = interface
        topLevelOptions = Set(Self.topLevelOptions(interface.topLevelHelp))
        var lines: [Line] = []
        var section = ""
        var subsection: String?
        for (offset, text) in page.components(separatedBy: "\n").enumerated() {
            guard text.hasPrefix("."), !text.hasPrefix(".\\\"") else { continue }
            let words = text.dropFirst().split(separator: " ").map(String.init)
            guard let macro = words.first else { continue }
            if macro == "Sh" {
                section = words.dropFirst().joined(separator: " ")
                subsection = nil
            } else if macro == "Ss" {
                subsection = words.dropFirst().joined(separator: " ")
            }
            lines.append(Line(number: offset + 1, text: text, words: words, section: section, subsection: subsection))
        }
        self.lines = lines
    }

    /// The options in the OPTIONS section of the top-level help: `--version`, `-h`, `--help`.
    static func topLevelOptions(_ help: String) -> [String] {
        let lines = help.components(separatedBy: "\n").drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
        return lines.flatMap { line in
            line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
                .components(separatedBy: ", ").map { $0.components(separatedBy: " ")[0] }
        }
    }

    /// The options `Fl` names on a line.
    static func flags(_ words: [String]) -> [Flag] {
        var flags: [Flag] = []
        for (index, word) in words.enumerated() where word == "Fl" {
            let next = index + 1 < words.count ? words[index + 1] : nil
            guard let next, !macros.contains(next), next.first?.isLetter == true || next.hasPrefix("-") else {
                flags.append(Flag(name: "-", value: nil))
                continue
            }
            let name = "-" + next.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:)"))
            flags.append(Flag(name: name, value: value(words[(index + 2)...])))
        }
        return flags
    }

    /// The text of the value after an option: `Ar i Ns / Ns Ar n` is `i/n`; `nil` when no `Ar`
    /// follows.
    static func value(_ words: ArraySlice<String>) -> String? {
        guard words.first == "Ar" else { return nil }
        var text = ""
        var joins = true
        for word in words {
            if ["Fl", "|", ",", "Op", "Oo", "Oc"].contains(word) { break }
            if word == "Ar" { continue }
            if word == "Ns" {
                joins = true
                continue
            }
            text += (joins ? "" : " ") + word
            joins = false
        }
        return text
    }

    /// The help's value name as the page shows it: `<i>/<n>` is `i/n`.
    static func plain(_ valueName: String) -> String {
        valueName.filter { $0 != "<" && $0 != ">" }
    }

    /// The help's value name in mdoc: `<i>/<n>` is `Ar i Ns / Ns Ar n`.
    static func mdoc(_ valueName: String) -> String {
        var words: [String] = []
        var rest = Substring(valueName)
        while !rest.isEmpty {
            if rest.first == "<", let close = rest.firstIndex(of: ">") {
                words += ["Ar", String(rest[rest.index(after: rest.startIndex)..<close])]
                rest = rest[rest.index(after: close)...]
            } else {
                let literal = rest.prefix { $0 != "<" }
                words += ["Ns", String(literal), "Ns"]
                rest = rest.dropFirst(literal.count)
            }
        }
        return words.joined(separator: " ")
    }

    /// The words `Cm` names on a line.
    static func commands(_ words: [String]) -> [String] {
        words.indices.dropLast().filter { words[$0] == "Cm" }.map { words[$0 + 1] }
    }
}
