import Testing

@testable import ReduxInspect

/// Commands the tool suggests are written so that a shell reads each word back unchanged.
@Suite struct ShellWordTests {
    @Test func plainWordsStayAndOthersAreQuoted() {
        #expect(ShellWord.quoted("cart.total") == "cart.total")
        #expect(ShellWord.quoted("/tmp/a-b_c.jsonl") == "/tmp/a-b_c.jsonl")
        #expect(ShellWord.quoted("items[id=3]") == "'items[id=3]'")
        #expect(ShellWord.quoted("it's here") == #"'it'\''s here'"#)
        #expect(ShellWord.quoted("") == "''")
    }
}
