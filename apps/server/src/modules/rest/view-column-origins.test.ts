import { describe, expect, it } from 'vitest'
import { viewColumnOrigins } from './view-column-origins.ts'

/** A trimmed `pg_rewrite.ev_action` of `select a.id, a."my col", e.type from a, lateral (…) e`. */
const RULE = `({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <>
 :rtable ({RANGETBLENTRY :alias <> :eref {ALIAS :aliasname a :colnames ("id" "my\\ col")} :rtekind 0 :relid 100}
          {RANGETBLENTRY :alias {ALIAS :aliasname e :colnames <>} :rtekind 1
           :subquery {QUERY :commandType 1 :targetList (
             {TARGETENTRY :expr {VAR :varno 1 :varattno 4} :resno 1 :resname type :ressortgroupref 0 :resorigtbl 200 :resorigcol 4 :resjunk false}
             {TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 2 :resname id :ressortgroupref 0 :resorigtbl 200 :resorigcol 1 :resjunk false})}})
 :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals {CONST :consttype 25 :constlen -1 :constvalue 5 [ 20 0 0 0 41 ]}}
 :targetList (
   {TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 100 :resorigcol 1 :resjunk false}
   {TARGETENTRY :expr {VAR :varno 1 :varattno 2} :resno 2 :resname my\\ col :ressortgroupref 0 :resorigtbl 100 :resorigcol 2 :resjunk false}
   {TARGETENTRY :expr {VAR :varno 2 :varattno 1} :resno 3 :resname type :ressortgroupref 0 :resorigtbl 200 :resorigcol 4 :resjunk false}
   {TARGETENTRY :expr {FUNCEXPR :funcid 1} :resno 4 :resname computed :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false}
   {TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 5 :resname \\(hidden\\) :ressortgroupref 1 :resorigtbl 100 :resorigcol 1 :resjunk true})
 :override 0 :onConflict <> :returningList <>})`

describe('view column origins', () => {
  it("maps each output column of the view's own query to its base-table column", () => {
    expect(Object.fromEntries(viewColumnOrigins(RULE))).toEqual({
      id: { tableOid: 100, attnum: 1 },
      'my col': { tableOid: 100, attnum: 2 },
      type: { tableOid: 200, attnum: 4 },
    })
  })

  it('finds nothing in a view without a target list', () => {
    expect(viewColumnOrigins('({QUERY :commandType 1 :targetList <> :override 0})').size).toBe(0)
  })
})
