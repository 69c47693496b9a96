import Testing

@testable import ReduxInspect

/// The keys of `step`'s prompt on a terminal, from the bytes a terminal sends to the lines
/// the session receives and what is drawn.
@Suite struct LineEditorTests {
    /// Types `keys` (bytes as a terminal sends them) into one editor; returns the lines
    /// submitted, `nil` for the end of input, and the editor.
    static func type(_ keys: String, into editor: inout LineEditor) -> [String?] {
        type(Array(keys.utf8), into: &editor)
    }

    static func type(_ keys: [UInt8], into editor: inout LineEditor) -> [String?] {
        var decoder = KeyDecoder()
        var lines: [String?] = []
        for byte in keys {
            guard let key = decoder.feed(byte) else { continue }
            switch editor.handle(key) {
            case .submitted(let line): lines.append(line)
            case .ended: lines.append(nil)
            default: break
            }
        }
        return lines
    }

    static func type(_ keys: String) -> [String?] {
        var editor = LineEditor()
        return type(keys, into: &editor)
    }

    static let up = "\u{1B}[A", down = "\u{1B}[B", left = "\u{1B}[D", right = "\u{1B}[C"

    @Test func theArrowsRecallEarlierCommands() {
        #expect(Self.type("goto 5\rnext\r\(Self.up)\(Self.up)\r") == ["goto 5", "next", "goto 5"])
        // Down past the newest gives back what was being typed; an empty line and a repeat
        // are not remembered.
        #expect(Self.type("a\r\r\ra\rb\r\(Self.up)\(Self.up)\(Self.up)\r") == ["a", "", "", "a", "b", "a"])
        #expect(Self.type("a\rdraft\(Self.up)\(Self.down)\r") == ["a", "draft"])
        #expect(Self.type("a\r\(Self.up)\(Self.up)\(Self.up)x\r") == ["a", "ax"])
        // Ctrl-P and Ctrl-N, and the application-mode arrows (ESC O A).
        #expect(Self.type("a\rb\r\u{10}\u{10}\u{0E}\r\u{1B}OA\r") == ["a", "b", "b", "b"])
    }

    @Test func theLineIsEditedWhereTheCursorIs() {
        #expect(Self.type("nxt\(Self.left)\(Self.left)e\r") == ["next"])
        #expect(Self.type("state\u{01}\u{1B}[3~S\r") == ["State"])  // Ctrl-A, Delete
        #expect(Self.type("goto 55\u{7F}\r") == ["goto 5"])  // Backspace
        #expect(Self.type("watch a b\u{17}\u{17}c\r") == ["watch c"])  // Ctrl-W twice
        #expect(Self.type("junk goto 3\(Self.left)\(Self.left)\(Self.left)\(Self.left)\(Self.left)\(Self.left)\u{15}\r") == ["goto 3"])
        #expect(Self.type("goto 3 junk\u{01}\(Self.right)\(Self.right)\(Self.right)\(Self.right)\(Self.right)\(Self.right)\u{0B}\r") == ["goto 3"])
        #expect(Self.type("x\u{1B}[H\u{1B}[Fy\r") == ["xy"])  // Home, End
    }

    @Test func controlKeys() {
        // Ctrl-C drops the line; Ctrl-D ends the input on an empty line only, and deletes
        // the character under the cursor otherwise.
        #expect(Self.type("bogus\u{03}next\r") == ["next"])
        #expect(Self.type("ab\(Self.left)\u{04}\r\u{04}") == ["a", nil])
        // Tab, unknown sequences (F5) and control characters put nothing in; Escape alone
        // does not take the key after it.
        #expect(Self.type("a\t\u{1B}[15~\u{1B}x\u{07}b\r") == ["axb"])
        // A word at a time: Alt-b, Alt-f, Ctrl and Alt with the arrows; Alt-Backspace.
        #expect(Self.type("watch a b\u{1B}b\u{1B}bX\u{1B}f\u{1B}fY\r") == ["watch Xa bY"])
        #expect(Self.type("one two\u{1B}[1;5DX\u{1B}[1;3CY\u{1B}[1;3D\u{1B}[1;5D\u{1B}\u{7F}\r") == ["one XtwoY"])
        #expect(Self.type("one two\u{1B}\u{7F}\r") == ["one "])
    }

    @Test func charactersOutsideASCII() {
        // UTF-8, a combining accent joined to its letter, and no C1 control; a bidi override
        // or a zero width space (pasted) is put in as its escape, visible.
        #expect(Self.type("caf\u{E9} 中 e\u{301}\u{7F}x\r") == ["café 中 x"])
        #expect(Self.type("a\u{85}\u{202E}b\r") == [#"a\u202eb"#])
        #expect(Self.type("p [\"name\u{200B}\"]\r") == [#"p ["name\u200b"]"#])
        // A lone continuation byte, or a character cut short, is dropped, not the key after it.
        var editor = LineEditor()
        #expect(Self.type([0x61, 0xB8, 0xE4, 0xB8, 0x62, 0xFF, 0x0D], into: &editor) == ["ab"])
    }

    /// A line longer than the row after the prompt is shown in part, around the cursor, and
    /// never wraps.
    @Test func aLongLineIsShownAroundTheCursor() {
        var editor = LineEditor()
        let text = "break " + String(repeating: "a", count: 30) + "|" + String(repeating: "b", count: 30)
        _ = Self.type(text, into: &editor)
        #expect(!editor.fits(after: "> ", width: 40))
        // At the end: the last 37 columns, the cursor after them.
        #expect(editor.drawing(after: "> ", width: 40) == "\r> " + String(text.suffix(37)) + "\u{1B}[K")
        // At the start: the first 37, the cursor back at the first.
        _ = Self.type("\u{01}", into: &editor)
        #expect(editor.drawing(after: "> ", width: 40) == "\r> " + String(text.prefix(37)) + "\u{1B}[K\u{1B}[37D")
        // In the middle: the cursor, at "|", 4 columns in from the right edge at most.
        for _ in 0..<36 { _ = Self.type(Self.right, into: &editor) }
        let drawn = editor.drawing(after: "> ", width: 40)
        let shown = drawn.dropFirst(3).prefix { $0 != "\u{1B}" }
        #expect(shown.count == 37 && shown.contains("|"), "\(drawn)")
        #expect(drawn.hasSuffix("\u{1B}[K\u{1B}[\(shown.count - shown.distance(from: shown.startIndex, to: shown.firstIndex(of: "|")!))D"))
        #expect(editor.drawing(after: "> ", width: nil) == editor.drawing(after: "> "))
        var short = LineEditor()
        _ = Self.type("next", into: &short)
        #expect(short.fits(after: "> ", width: 40) && short.drawing(after: "> ", width: 40) == "\r> next\u{1B}[K")
    }

    /// With wide characters too, at every place of the cursor, the part of a long line drawn
    /// is the one found by adding up the columns of each window afresh (as the drawing did
    /// before it added them up a character at a time, which made a pasted line of thousands
    /// of characters take seconds).
    @Test func theWindowOfALongLineWithWideCharactersIsTheOneTheColumnsGive() {
        var editor = LineEditor()
        let text = String((0..<150).map { Array("ab漢c😀d")[$0 % 6] })
        _ = Self.type(text, into: &editor)
        let width = 40
        let room = width - 2 - 1
        _ = Self.type("\u{01}", into: &editor)
        for position in 0...editor.line.count {
            let (line, cursor) = (editor.line, editor.cursor)
            #expect(cursor == position)
            var start = cursor
            while start > 0, LineEditor.columns(line[(start - 1)..<cursor]) <= room - 4 { start -= 1 }
            var end = cursor
            while end < line.count, LineEditor.columns(line[start...end]) <= room { end += 1 }
            while start > 0, LineEditor.columns(line[(start - 1)..<end]) <= room { start -= 1 }
            let after = LineEditor.columns(line[cursor..<end])
            let expected = "\r> " + String(line[start..<end]) + "\u{1B}[K" + (after > 0 ? "\u{1B}[\(after)D" : "")
            #expect(editor.drawing(after: "> ", width: width) == expected, "cursor at \(position)")
            #expect(!editor.fits(after: "> ", width: width))
            _ = Self.type(Self.right, into: &editor)
        }
    }

    @Test func drawingPutsTheCursorWhereItIs() {
        var editor = LineEditor()
        _ = Self.type("中a\(Self.left)\(Self.left)", into: &editor)
        #expect(editor.cursor == 0)
        #expect(editor.drawing(after: "> ") == "\r> 中a\u{1B}[K\u{1B}[3D")
        _ = Self.type("\u{1B}[F", into: &editor)
        #expect(editor.drawing(after: "> ") == "\r> 中a\u{1B}[K")
    }

    /// Commands typed before the searches below, oldest first.
    static let typed = "show --at 5\rdiff\rgoto 10\rstate cart\r"

    @Test func ctrlRFindsTheNewestCommandHoldingWhatIsTyped() {
        let ctrlR = "\u{12}"
        // Enter runs the line found.
        #expect(Self.type(Self.typed + "\(ctrlR)go\r") == Self.lines(Self.typed) + ["goto 10"])
        // Each character narrows the search; Ctrl-R again goes to an older line, Ctrl-S back
        // to a newer one.
        #expect(Self.type(Self.typed + "\(ctrlR)s\r").last == "state cart")
        #expect(Self.type(Self.typed + "\(ctrlR)s\(ctrlR)\r").last == "show --at 5")
        #expect(Self.type(Self.typed + "\(ctrlR)s\(ctrlR)\u{13}\r").last == "state cart")
        #expect(Self.type(Self.typed + "\(ctrlR)s\(ctrlR)-\r").last == "show --at 5")
        // Backspace widens it again, from the newest line.
        #expect(Self.type(Self.typed + "\(ctrlR)show\u{7F}\u{7F}\u{7F}\r").last == "state cart")
        // A pasted zero width space is looked for as it went into the line: as its escape.
        #expect(Self.type(Self.typed + "p [\"a\u{200B}\"]\rnext\r\(ctrlR)\u{200B}\r").last == #"p ["a\u200b"]"#)
        // Ctrl-R twice looks for the text of the last search.
        #expect(Self.type(Self.typed + "\(ctrlR)dif\r\(ctrlR)\(ctrlR)\r").suffix(2) == ["diff", "diff"])
    }

    @Test func aKeyThatDoesNotSearchEditsTheLineFound() {
        let ctrlR = "\u{12}"
        // End, then typing: the line found is edited, not searched.
        #expect(Self.type(Self.typed + "\(ctrlR)dif\u{1B}[Fx\r").last == "diffx")
        // The cursor is where the text was found.
        // Backspace shortens what is looked for: all of it gives back the line typed before.
        #expect(Self.type(Self.typed + "draft\(ctrlR)10\u{7F}\r").last == "goto 10")
        #expect(Self.type(Self.typed + "draft\(ctrlR)10\u{7F}\u{7F}\r").last == "draft")
        #expect(Self.type(Self.typed + "\(ctrlR)10\(Self.left)\u{7F}\r").last == "got 10")
        // Ctrl-G gives back the line being typed before; Ctrl-C drops it.
        #expect(Self.type(Self.typed + "draft\(ctrlR)go\u{07}!\r").last == "draft!")
        #expect(Self.type(Self.typed + "draft\(ctrlR)go\u{03}next\r").last == "next")
        // Nothing found: the line before stays, and the search says it failed.
        var editor = LineEditor()
        _ = Self.type(Self.typed + "draft\(ctrlR)zz", into: &editor)
        #expect(editor.text == "draft")
        #expect(editor.drawing(after: "> ") == "\r(failed reverse-i-search)`zz': draft\u{1B}[K")
        #expect(Self.type(Self.typed + "draft\(ctrlR)zz\r").last == "draft")
    }

    @Test func theSearchEndsAsAShellsDoes() {
        let ctrlR = "\u{12}"
        // Enter with nothing found and nothing typed runs nothing (an empty line would repeat
        // the last command).
        #expect(Self.type(Self.typed + "\(ctrlR)zz\r\(ctrlR)\r") == Self.lines(Self.typed))
        // The arrows go on from the line found, and down to what was typed before.
        #expect(Self.type(Self.typed + "\(ctrlR)goto\(Self.up)\r").last == "diff")
        #expect(Self.type(Self.typed + "draft\(ctrlR)goto\(Self.down)\(Self.down)\r").last == "draft")
        // A key that ends the search and changes nothing has the line drawn again, without
        // the search's prompt; so has a character typed at the end.
        var editor = LineEditor()
        _ = Self.type(Self.typed + "\(ctrlR)dif", into: &editor)
        #expect(editor.handle(.end) == .edited)
        #expect(editor.drawing(after: "> ") == "\r> diff\u{1B}[K")
        _ = Self.type(Self.typed + "\(ctrlR)dif", into: &editor)
        #expect(editor.handle(.right) == .edited)
        #expect(editor.drawing(after: "> ") == "\r> diff\u{1B}[K\u{1B}[3D")
        // Ctrl-S says it looks forward.
        _ = Self.type("\(ctrlR)go\(ctrlR)\u{13}\u{13}", into: &editor)
        #expect(editor.drawing(after: "> ").hasPrefix("\r(failed i-search)`go': goto 10"))
    }

    @Test func aNarrowRowShowsTheEndOfWhatIsLookedFor() {
        var editor = LineEditor()
        let long = "print count + " + String(repeating: "a", count: 40)
        _ = Self.type("\(long)\rnext\r\u{12}print count", into: &editor)
        let drawn = editor.drawing(after: "> ", width: 40)
        // The prompt keeps the end of the text, and the line is cut to what fits the row.
        #expect(drawn.hasPrefix("\r(reverse-i-search)`…nt count': "), "\(drawn)")
        let shown = drawn.dropFirst().prefix { $0 != "\u{1B}" }
        #expect(LineEditor.columns(Array(shown)[...]) < 40, "\(drawn)")
        // Wide characters count two columns each.
        _ = Self.type("\u{07}日本語日本語日本語日本語\r\u{12}日本語日本語日本語", into: &editor)
        let wide = editor.drawing(after: "> ", width: 40).dropFirst().prefix { $0 != "\u{1B}" }
        #expect(LineEditor.columns(Array(wide)[...]) < 40, "\(wide)")
    }

    @Test func theSearchIsDrawnInThePrompt() {
        var editor = LineEditor()
        _ = Self.type(Self.typed + "\u{12}car", into: &editor)
        #expect(editor.drawing(after: "> ") == "\r(reverse-i-search)`car': state cart\u{1B}[K\u{1B}[4D")
        _ = Self.type("\u{1B}[F", into: &editor)
        #expect(editor.drawing(after: "> ") == "\r> state cart\u{1B}[K")
    }

    private static func lines(_ typed: String) -> [String?] {
        typed.split(separator: "\r").map(String.init)
    }
}
