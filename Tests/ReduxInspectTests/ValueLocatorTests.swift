import Testing

@testable import ReduxInspect

/// An error about a value names the column where that value starts on its line.
@Suite struct ValueLocatorTests {
    /// The column `path` names in `line`, and the text from there.
    static func located(_ path: JSONPath, in line: String) -> (column: Int, text: Substring) {
        let bytes = Array(line.utf8)
        let column = bytes.withUnsafeBufferPointer { ValueLocator.column(of: path, in: $0) }
        return (column, line.dropFirst(column - 1))
    }

    @Test func findsNestedMembersAndElements() {
        let line = #"{"seq":2, "action" : {"add":{"items":[{"n":1}, {"n":"two"}]}},"state":{}}"#
        let found = Self.located([.key("action"), .key("add"), .key("items"), .index(1), .key("n")], in: line)
        #expect(found.text.hasPrefix(#""two"}]"#))
        #expect(found.column == line.distance(from: line.startIndex, to: line.range(of: #""two""#)!.lowerBound) + 1)
    }

    @Test func theRootIsTheLinesFirstValue() {
        #expect(Self.located(.root, in: #"  {"a":1}"#).column == 3)
    }

    @Test func aStepNotThereStopsAtTheDeepestValueFound() {
        let line = #"{"action":{"incrementBy":{}},"seq":1}"#
        #expect(Self.located([.key("action"), .key("incrementBy"), .key("n")], in: line).text.hasPrefix("{}},"))
        #expect(Self.located([.key("missing")], in: line).column == 1)
        #expect(Self.located([.key("action"), .index(0)], in: line).text.hasPrefix(#"{"incrementBy""#))
        #expect(Self.located([.key("list"), .index(3)], in: #"{"list":[1,2]}"#).text.hasPrefix("[1,2]"))
    }

    @Test func skipsStringsThatLookLikeStructure() {
        let line = #"{"a":"x\",\"b\":1}","a2":[",]",{"b":"}"}],"b":true}"#
        #expect(Self.located([.key("b")], in: line).text == "true}")
    }

    @Test func takesTheFirstOfDuplicateKeysAsTheParserDoes() {
        #expect(Self.located([.key("v")], in: #"{"v":1,"v":2}"#).text.hasPrefix("1,"))
    }

    @Test func countsCharactersNotBytes() {
        // "é" and "😀" are 2 and 4 bytes but one column each.
        let found = Self.located([.key("v")], in: #"{"é😀":0,"v":9}"#)
        #expect(found.column == 13)
        #expect(found.text == "9}")
    }
}
