import Foundation

@testable import ReduxInspect

extension ManPageCheck {
    /// Every disagreement between the page and the CLI, each a sentence saying how to fix it.
    func problems() -> [String] {
        var problems: [String] = []
        problems += headerProblems()
        problems += subcommandProblems()
        problems += reverseProblems()
        problems += exitCodeProblems()
        problems += exampleProblems()
        problems += stepCommandProblems()
        return problems
    }

    /// The `step` subsection lists every command it reads, with every alias, and no other.
    private func stepCommandProblems() -> [String] {
        var problems: [String] = []
        let items = lines.filter { $0.subsection == "step" && $0.words.first == "It" }
        let documented = items.flatMap { line in
            line.words.indices.dropLast().filter { line.words[$0] == "Ic" }
                .map { (name: line.words[$0 + 1].replacingOccurrences(of: "\\&", with: ""), line: line.number) }
        }
        for names in interface.stepCommands {
            for name in names where !documented.contains(where: { $0.name == name }) {
                let main = names[0] == name ? "" : " (an alias of '\(names[0])')"
                problems.append(
                    "\(Self.file) does not document the step command '\(name)'\(main); add '.It \(names.map { "Ic " + $0 }.joined(separator: " , "))' "
                        + "with its argument and description to the command list of the step subsection")
            }
        }
        let known = Set(interface.stepCommands.flatMap { $0 })
        for item in documented where !known.contains(item.name) {
            problems.append(
                "\(Self.file) documents step command '\(item.name)' (line \(item.line)), which 'step' does not accept; remove it")
        }
        return problems
    }

    private func headerProblems() -> [String] {
        var problems: [String] = []
        let dates = lines.filter { $0.words.first == "Dd" }
        if let date = dates.first {
            let text = date.words.dropFirst().joined(separator: " ")
            if text.wholeMatch(of: /(January|February|March|April|May|June|July|August|September|October|November|December) [1-9][0-9]?, [0-9]{4}/) == nil {
                problems.append(
                    "\(Self.file): '.Dd \(text)' is not a fixed date; write one such as '.Dd November 22, 2026' "
                        + "and change it when the page changes, so builds are reproducible")
            }
        } else {
            problems.append("\(Self.file) has no '.Dd' line; add a fixed date such as '.Dd November 22, 2026' first")
        }
        if !lines.contains(where: { $0.text == ".Dt REDUX-INSPECT 1" }) {
            problems.append("\(Self.file) lacks '.Dt REDUX-INSPECT 1' after '.Dd'")
        }
        for option in topLevelOptions.sorted() where !lines.contains(where: { line in
            line.subsection == nil && line.section == "DESCRIPTION" && line.words.first == "It"
                && Self.flags(line.words).contains { $0.name == option }
        }) {
            problems.append(
                "\(Self.file) does not document the top-level option '\(option)'; add it to the list of options in DESCRIPTION")
        }
        if !lines.contains(where: { $0.section == "SYNOPSIS" && Self.commands($0.words).contains("help") }) {
            problems.append("\(Self.file): the SYNOPSIS lacks 'help'; add '.Nm' '.Cm help' '.Op Ar subcommand' to it")
        }
        return problems
    }

    /// The SYNOPSIS lines of one subcommand: from its `.Cm` to the next `.Nm`.
    private func synopsis(of name: String) -> [Line]? {
        let synopsis = lines.filter { $0.section == "SYNOPSIS" }
        guard let start = synopsis.firstIndex(where: { Self.commands($0.words).first == name }) else { return nil }
        return Array(synopsis[start...].prefix { $0.words.first != "Nm" || $0.number == synopsis[start].number })
    }

    private func subcommandProblems() -> [String] {
        var problems: [String] = []
        for spec in interface.specs {
            let name = spec.name
            guard let synopsis = synopsis(of: name) else {
                problems.append(
                    "\(Self.file): the SYNOPSIS does not list subcommand '\(name)'; add '.Nm', '.Cm \(name)' and its arguments and options")
                continue
            }
            let synopsisFlags = synopsis.flatMap { Self.flags($0.words) }
            for option in spec.options where !synopsisFlags.contains(where: { $0.name == option.name }) {
                let value = option.valueName.map { " " + Self.mdoc($0) } ?? ""
                problems.append(
                    "\(Self.file): the SYNOPSIS line for '\(name)' lacks option '\(option.name)'; add '.Op Fl \(option.name.dropFirst())\(value)' to it")
            }
            let section = lines.filter { $0.subsection == name }
            guard !section.isEmpty else {
                problems.append(
                    "\(Self.file) does not document subcommand '\(name)'; add a '.Ss \(name)' subsection to DESCRIPTION "
                        + "with its synopsis and a '.Bl -tag' list of its options")
                continue
            }
            let items = section.filter { $0.words.first == "It" }.flatMap { Self.flags($0.words) }
            for option in spec.options {
                let valueName = option.valueName.map(Self.plain)
                let usage = "'.It Fl \(option.name.dropFirst())\(option.valueName.map { " " + Self.mdoc($0) } ?? "")'"
                guard let item = items.first(where: { $0.name == option.name }) else {
                    problems.append(
                        "\(Self.file) does not document option '\(option.name)' of '\(name)'; add it under the \(name) subsection "
                            + "('.Ss \(name)') as \(usage) with its description")
                    continue
                }
                if item.value != valueName {
                    let shown = item.value.map { "with value '\($0)'" } ?? "without a value"
                    let expected = option.valueName.map { "'\($0)'" } ?? "no value"
                    problems.append(
                        "\(Self.file) documents option '\(option.name)' of '\(name)' \(shown), but the help says \(expected); write \(usage)")
                }
            }
        }
        return problems
    }

    /// Options and subcommands in the page must exist in the CLI.
    private func reverseProblems() -> [String] {
        var problems: [String] = []
        let names = Set(interface.specs.map(\.name))
        let allOptions = Set(interface.specs.flatMap { $0.options.map(\.name) }).union(topLevelOptions)
        let helpOptions = Set([CommandSpec.helpOption.name, CommandSpec.helpOption.short].compactMap { $0 })
        for line in lines {
            for command in Self.commands(line.words) where !names.contains(command) && command != "help" {
                problems.append(
                    "\(Self.file) names subcommand '\(command)' (line \(line.number)), which 'redux-inspect --help' does not list; "
                        + "remove it from the page or add the subcommand")
            }
            let owner: CommandSpec? =
                line.section == "SYNOPSIS"
                ? lines.last { $0.section == "SYNOPSIS" && $0.number <= line.number && ($0.words.first == "Nm" || $0.words.first == "Cm") }
                    .flatMap { owner in Self.commands(owner.words).first }.flatMap { name in interface.specs.first { $0.name == name } }
                : line.subsection.flatMap { name in interface.specs.first { $0.name == name } }
            for flag in Self.flags(line.words) {
                if let owner {
                    if !owner.options.contains(where: { $0.name == flag.name }) && !helpOptions.contains(flag.name) {
                        problems.append(
                            "\(Self.file) documents option '\(flag.name)' under the \(owner.name) subsection (line \(line.number)), "
                                + "but 'redux-inspect \(owner.name) --help' has no such option; "
                                + "remove it from the page or add it to the \(owner.name) command's spec")
                    }
                } else if !allOptions.contains(flag.name) {
                    problems.append(
                        "\(Self.file) documents option '\(flag.name)' (line \(line.number)), which no subcommand nor "
                            + "'redux-inspect --help' has; remove it from the page")
                }
            }
        }
        return problems
    }

    private func exitCodeProblems() -> [String] {
        let items = lines.filter { $0.section == "EXIT STATUS" && $0.words.first == "It" }.compactMap { $0.words.dropFirst().first }
        var problems: [String] = []
        for code in interface.exitCodes where !items.contains(String(code)) {
            let meaning = ExitCode(rawValue: code)?.meaning ?? ""
            problems.append("\(Self.file) does not document exit code \(code) (\(meaning)); add '.It \(code)' under EXIT STATUS")
        }
        for item in items where !interface.exitCodes.map(String.init).contains(item) {
            problems.append("\(Self.file) documents exit code \(item) under EXIT STATUS, but ExitCode has no such case; remove it")
        }
        return problems
    }

    /// `.Dl $ redux-inspect SUBCOMMAND … --option …` lines use options the subcommand has.
    private func exampleProblems() -> [String] {
        var problems: [String] = []
        for line in lines where line.words.first == "Dl" {
            let words = line.words
            guard let at = words.firstIndex(of: "redux-inspect"), at + 1 < words.count else { continue }
            guard let spec = interface.specs.first(where: { $0.name == words[at + 1] }) else {
                if !words[at + 1].hasPrefix("-") && words[at + 1] != "help" {
                    problems.append("\(Self.file) line \(line.number): the example runs unknown subcommand '\(words[at + 1])'; fix the example")
                }
                continue
            }
            for word in words[(at + 2)...] where word.hasPrefix("-") {
                let option = String(word.prefix { $0 != "=" })
                if spec.option(named: option) == nil {
                    problems.append(
                        "\(Self.file) line \(line.number): the example uses option '\(option)', which 'redux-inspect \(spec.name) --help' "
                            + "does not list; fix the example")
                }
            }
        }
        return problems
    }
}
