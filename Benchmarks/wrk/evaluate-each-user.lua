-- POSTs /v1/evaluate with a different user on every request, so no answer comes from the server's answer cache:
--   POLICY=warehouse-airwatch APP=timesheet FACTS='{"signed_in":"alice"}' wrk -s evaluate-each-user.lua URL/v1/evaluate
-- The same question for another user is answered from its template (docs/http-api.md). With EACH_FACT=KEY the fact
-- KEY names a different other user on every request as well (the same question, of other people again):
--   POLICY=hospital-imprivata APP=inventory EACH_FACT=custodian wrk -s evaluate-each-user.lua URL/v1/evaluate
--   POLICY_FILE=../fixtures/ward-imprivata.yaml APP=ehr wrk -s evaluate-each-user.lua URL/v1/evaluate
-- POLICY_FILE sends the file's YAML inline, as a user sends their own policy; with NEW_QUESTION=1 the YAML ends in
-- a comment naming the request, so every request is a new question, computed afresh (policy read and what-if).
local policy = '"' .. (os.getenv("POLICY") or "warehouse-airwatch") .. '"'
local policyFile = os.getenv("POLICY_FILE")
if policyFile and policyFile ~= "" then
    local file = assert(io.open(policyFile, "rb"))
    local yaml = file:read("*a")
    file:close()
    local escaped = yaml:gsub('[%c"\\]', function(c)
        if c == "\n" then return "\\n" end
        if c == '"' then return '\\"' end
        if c == "\\" then return "\\\\" end
        return string.format("\\u%04x", c:byte())
    end)
    policy = '{"yaml":"' .. escaped .. '","file":"' .. policyFile:match("[^/]+$") .. '"}'
end
local newQuestion = os.getenv("NEW_QUESTION") == "1"
local app = os.getenv("APP") or "timesheet"
local facts = os.getenv("FACTS") or "{}"
local eachFact = os.getenv("EACH_FACT")
local counter = 0

function setup(thread)
    thread:set("id", tostring(thread):match("0x%x+") or tostring(math.random(1e9)))
end

request = function()
    counter = counter + 1
    local asked = facts
    if eachFact and eachFact ~= "" then
        asked = string.format('{"%s":"other-%s-%d"}', eachFact, id, counter)
    end
    local document = policy
    if newQuestion then
        document = policy:gsub('","file":', '\\n# request ' .. id .. '-' .. counter .. '","file":', 1)
    end
    local body = string.format('{"policy":%s,"app":"%s","user":"worker-%s-%d","facts":%s}', document, app, id,
        counter, asked)
    return wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, body)
end
